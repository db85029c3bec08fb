"""Which language a page is shown in, and the switch that picks it."""

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from django.views.i18n import set_language


class LeagueLanguageMiddleware:
    """The language the visitor picked with the site's switch, else German; a league's
    pages then speak the league's language instead (``ofcleague/urls/middleware.py``), and
    the site's own pages the language of the league they lead to, else the browser's
    (``ofcleague/urls/site_language.py``).

    So a league's page is in its league's language whatever the phone is set to, and varies
    on ``Cookie`` only, never on ``Accept-Language`` (which would split every shared cache's
    entries by the visitors' browser settings for nothing); only a site page of no league
    follows the browser, and says so (``Vary: Accept-Language``).
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if chosen not in dict(settings.LANGUAGES):
            chosen = settings.LANGUAGE_CODE
        translation.activate(chosen)
        request.LANGUAGE_CODE = translation.get_language()
        response = self.get_response(request)
        patch_vary_headers(response, ("Cookie",))
        response.headers.setdefault("Content-Language", request.LANGUAGE_CODE)
        return response


def league_page_language(cookies, league_language):
    """The language of a league's page: the one the visitor picked with the switch (its
    cookie), else the league's, else the site's (``LeagueLanguageMiddleware`` and the league
    middleware; the live part's early answer asks the same)."""
    languages = dict(settings.LANGUAGES)
    chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME)
    if chosen in languages:
        return chosen
    return league_language if league_language in languages else settings.LANGUAGE_CODE


@csrf_exempt
@require_POST
def switch_language(request):
    """Django's ``set_language`` without a CSRF token: the switch in every page's header.

    A token in the switch would set a cookie on, and tie to one visitor, every page that
    shows it, which no shared cache could then keep. A forged switch changes nothing but the
    language the visitor reads. Django's view still sets only a known language and follows
    ``next`` only to this site (else the referring page of this site, else the home page).
    """
    return set_language(request)
