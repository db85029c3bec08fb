"""The site's addresses: the pages of the site itself, and each league's pages under its slug.

A league's pages live under ``/<slug>/`` (``/ofc-runde/alltime/``). Each league gets a URL
configuration of its own (:func:`urlconf_for`, made once per slug): the league middleware
(``middleware.py``) hands a request for a league its configuration (``request.urlconf``, as
Django documents), so every ``reverse()`` and ``{% url %}`` of that request builds that league's
addresses, with no league argument anywhere. Outside a request (commands, tests) the root
configuration (``ofcleague.urls``) is the site's first league's, under ``settings.LEAGUE_SLUG``.
"""

from functools import lru_cache

from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from ofcleague.web import converters, offline  # noqa: F401 (converters: <token:...>)
from ofcleague.web.language import switch_language

#: The pages of one league, under its slug.
LEAGUE_PAGES = [
    # Running the league (its settings, its players); first, so players/manage/ is no player.
    path("", include("ofcleague.members.league_pages")),
    # Its members and invites, and a player's "that's me" (before the player's own page).
    path("", include("ofcleague.members.member_pages")),
    path("", include("ofcleague.standings.urls")),
    # The records and awards; the embeddable standings and the read API (issue 42).
    path("", include("ofcleague.records.urls")),
    path("", include("ofcleague.embeds.urls")),
    path("", include("ofcleague.rules.urls")),
    path("", include("ofcleague.results.urls")),
    # Announcing an evening, the players' answers and links, the calendars.
    path("", include("ofcleague.rsvp.urls")),
    path("", include("ofcleague.table.urls")),
    # The cash: who pays whom, settling, stakes per point.
    path("", include("ofcleague.money.urls")),
]


def site_pages():
    """The site's own pages, the same in every configuration."""
    from allauth.account import views as account_views
    from django.views.generic import RedirectView

    from ofcleague.members import urls as members_urls
    from ofcleague.rsvp import calendar

    login = account_views.LoginView.as_view()
    logout = account_views.LogoutView.as_view()

    return [
        # The service worker and the manifest, at the root (ofcleague/web/offline.py).
        path("", include(offline)),
        # The language switch (the path of Django's own, without its CSRF check).
        path("i18n/setlang/", switch_language, name="set_language"),
        # One login page, /login/ (allauth's: an e-mail address or a user name). Its old
        # names stay; allauth's own names point there too (reverse() takes the last pattern of
        # a name, resolving the first path), and allauth's /accounts/login/ leads there.
        path("login/", login, name="login"),
        path("logout/", logout, name="logout"),
        path("accounts/login/", RedirectView.as_view(pattern_name="login", query_string=True)),
        path("accounts/logout/", RedirectView.as_view(pattern_name="logout", query_string=True)),
        # Sign-up, the address's confirmation, the password's reset and change (allauth).
        path("accounts/", include("allauth.account.urls")),
        path("login/", login, name="account_login"),
        path("logout/", logout, name="account_logout"),
        path("admin/", admin.site.urls),
        path("", include(members_urls)),
        # A members-only league's private calendar link, fetched without logging in.
        path("calendar/<token:token>.ics", calendar.token_ics, name="calendar_token"),
    ]


def patterns_for(slug):
    """The URL patterns of a request for the league ``slug``."""
    patterns = [*site_pages(), path(f"{slug}/", include(LEAGUE_PAGES))]
    # The benchmarks' floor pages (ofcleague/web/floor.py), never on a real site.
    if settings.FLOOR_PAGES:
        patterns.append(path("", include("ofcleague.web.floor")))
    return patterns


class LeagueURLConf:
    """A league's URL configuration: an object with ``urlpatterns``, which Django takes
    wherever it takes a module (hashed by identity, so its resolver is cached once)."""

    # The 403 page says the refused page's own rule (``refused.py``), as the root's does.
    handler403 = "ofcleague.urls.refused.refused"

    def __init__(self, slug):
        self.slug = slug
        self.urlpatterns = patterns_for(slug)

    def __repr__(self):
        return f"<urls of the league {self.slug}>"


@lru_cache(maxsize=2048)
def urlconf_for(slug):
    """The URL configuration of the league ``slug``, made once."""
    return LeagueURLConf(slug)
