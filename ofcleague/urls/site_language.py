"""Which language a page of the site itself speaks (the front page, logging in, signing up,
an invite's page, the address's confirmation) to a visitor who never used the switch.

Such a page leads into a league or comes from one: an invite's page (``/join/<token>/``) is
its league's; a page with ``?next=`` (the sign-up and login an invite links to, the
confirmation link in the mail) is the league ``next`` leads to; after the sign-up the session
keeps where it was headed (``members.accounts.HEADED_FOR``). That league's language is
spoken, so an English league's invite is English all the way through, its mail included
(sent while the sign-up's answer is made). Without a league, the browser's languages
(``Accept-Language``), and the answer then varies on them; else the site's language.
"""

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation.trans_real import parse_accept_lang_header

from ofcleague.league.leagues import RESERVED_SLUGS, League
from ofcleague.members.accounts import HEADED_FOR
from ofcleague.members.services.members import find_invite

JOIN = "join"


def _league_of_path(path):
    """The league a path of this site belongs to or leads to (an invite's), or None."""
    if not isinstance(path, str) or not path.startswith("/") or path.startswith("//"):
        return None
    parts = path.split("?", 1)[0].strip("/").split("/")
    if len(parts) >= 2 and parts[0] == JOIN:
        invite = find_invite(parts[1])
        return invite.league if invite is not None else None
    if parts[0] and parts[0] not in RESERVED_SLUGS:
        return League.objects.filter(slug=parts[0]).first()
    return None


def league_led_to(request):
    """The league this site page belongs to: the invite of its path, where ``next`` leads,
    or where the session's sign-up was headed; None for a page of no league."""
    for path in (
        request.path_info,
        request.GET.get("next"),
        _posted_next(request),
        request.session.get(HEADED_FOR) if hasattr(request, "session") else None,
    ):
        if path and (league := _league_of_path(path)) is not None:
            return league
    return None


#: The pages whose posted form may carry a ``next`` (the accounts' forms, an invite's): no
#: other page's body is read here (a restore's upload is read by its view, with its limits).
FORMS_WITH_NEXT = ("/accounts/", "/login/", "/join/")


def _posted_next(request):
    """The ``next`` of a posted account form (a sign-up, a login, a confirmation)."""
    if request.method != "POST" or not request.path_info.startswith(FORMS_WITH_NEXT):
        return None
    return request.POST.get("next")


def browser_language(request):
    """The first of the browser's languages that the site speaks, or None."""
    spoken = dict(settings.LANGUAGES)
    for code, _quality in parse_accept_lang_header(request.META.get("HTTP_ACCEPT_LANGUAGE", "")):
        code = code.split("-")[0].lower()
        if code in spoken:
            return code
    return None


def speak_for_site_page(request):
    """Activate the language of a site page for a visitor without a chosen one; return
    whether the answer depends on the browser's languages (``Vary: Accept-Language``)."""
    if request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) in dict(settings.LANGUAGES):
        return False
    league = league_led_to(request)
    if league is not None and league.language in dict(settings.LANGUAGES):
        language, from_browser = league.language, False
    else:
        language, from_browser = browser_language(request), True
    if language and language != request.LANGUAGE_CODE:
        translation.activate(language)
        request.LANGUAGE_CODE = language
    return from_browser


def site_page_answer(request, get_response):
    """The answer of a site page in its language (see the module's text)."""
    from_browser = speak_for_site_page(request)
    response = get_response(request)
    if from_browser:
        patch_vary_headers(response, ("Accept-Language",))
    return response
