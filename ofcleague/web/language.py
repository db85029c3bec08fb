"""Which language a page is shown in."""

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation


class LeagueLanguageMiddleware(LocaleMiddleware):
    """German unless the visitor picked another language with the site's switch.

    The league is German, so a phone set to English still gets the German site first;
    the switch stores the choice in Django's language cookie, which is all that is read.
    """

    def process_request(self, request):
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if chosen not in dict(settings.LANGUAGES):
            chosen = settings.LANGUAGE_CODE
        translation.activate(chosen)
        request.LANGUAGE_CODE = translation.get_language()
