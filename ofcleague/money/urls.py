from django.urls import path

from ofcleague.money import cash_pages, evening_pages
from ofcleague.web import converters  # noqa: F401 (registers <id:...>)

app_name = "money"

urlpatterns = [
    path("cash/", cash_pages.cash, name="cash"),
    path("cash/settle/", cash_pages.settle_open, name="cash_settle"),
    path("cash/transfers/<id:pk>/paid/", cash_pages.transfer_paid, name="transfer_paid"),
    path("evenings/<id:pk>/settle/", evening_pages.evening_settle, name="evening_settle"),
    path("evenings/<id:pk>/stakes/", evening_pages.evening_stakes, name="evening_stakes"),
]
