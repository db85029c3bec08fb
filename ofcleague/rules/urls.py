from django.urls import path

from ofcleague.rules import views

app_name = "rules"

urlpatterns = [
    path("rules/", views.rules_page, name="rules"),
    path("calculator/", views.calculator, name="calculator"),
    path("api/score/", views.api_score, name="api_score"),
]
