from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from ofcleague.web import offline
from ofcleague.web.language import switch_language

urlpatterns = [
    path("", include("ofcleague.standings.urls")),
    path("", include("ofcleague.rules.urls")),
    path("", include("ofcleague.results.urls")),
    path("", include("ofcleague.table.urls")),
    # The language switch (the path of Django's own, without its CSRF check).
    # The service worker and the manifest, at the root (ofcleague/web/offline.py).
    path("", include(offline)),
    path("i18n/setlang/", switch_language, name="set_language"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
]

# The benchmarks' floor pages (ofcleague/web/floor.py), never on a real site.
if settings.FLOOR_PAGES:
    urlpatterns.append(path("", include("ofcleague.web.floor")))
