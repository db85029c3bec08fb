"""The page cache: anonymous visitors get cached pages, and never a stale one after a write."""

import re

from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage.fallback import FallbackStorage
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.test import RequestFactory
from django.utils import translation

from ofcleague.web import cache as page_cache
from tests.factories import UserFactory


def counting_view():
    """A view that counts its renders and puts a CSRF token into its page."""
    calls = []

    @page_cache.cached_page(params=("page", "sort"))
    def view(request):
        calls.append(request)
        token = get_token(request)
        html = f'<form><input type="hidden" name="csrfmiddlewaretoken" value="{token}"></form>'
        return HttpResponse(f"<p>render {len(calls)}</p>{html}")

    return view, calls


def anonymous_get(path="/history/"):
    request = RequestFactory().get(path)
    request.user = AnonymousUser()
    request.session = {}
    request._messages = FallbackStorage(request)
    return request


def test_second_anonymous_request_is_served_from_the_cache(cache_on):
    view, calls = counting_view()
    first = view(anonymous_get())
    second = view(anonymous_get())
    assert len(calls) == 1
    assert first.content.split(b"<form>")[0] == second.content.split(b"<form>")[0]


def test_each_visitor_gets_a_token_of_their_own_on_a_cached_page(cache_on):
    view, _ = counting_view()
    view(anonymous_get())
    request = anonymous_get()
    html = view(request).content.decode()
    token = re.search(r'value="([A-Za-z0-9]+)"', html).group(1)
    assert page_cache.TOKEN_SLOT not in html
    assert len(token) == 64
    assert request.META["CSRF_COOKIE"]


def test_query_string_and_language_are_part_of_the_key(cache_on, settings):
    view, calls = counting_view()
    view(anonymous_get("/history/?page=1"))
    view(anonymous_get("/history/?page=2"))
    with translation.override("en"):
        view(anonymous_get("/history/?page=1"))
    assert len(calls) == 3


def test_a_new_version_makes_every_cached_page_stale(
    cache_on, db, django_capture_on_commit_callbacks
):
    view, calls = counting_view()
    view(anonymous_get())
    with django_capture_on_commit_callbacks(execute=True):
        page_cache.invalidate_league_pages()
    assert b"render 2" in view(anonymous_get()).content


def test_invalidation_waits_for_the_commit(cache_on, db, django_capture_on_commit_callbacks):
    before = page_cache.league_version()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        page_cache.invalidate_league_pages()
        assert page_cache.league_version() == before
    assert len(callbacks) == 1


def test_members_and_posts_are_never_served_from_the_cache(cache_on, db):
    view, calls = counting_view()
    view(anonymous_get())
    member = anonymous_get()
    member.user = UserFactory()
    view(member)
    post = RequestFactory().post("/history/")
    post.user = AnonymousUser()
    view(post)
    assert len(calls) == 3


def test_a_visitor_with_a_pending_message_gets_a_fresh_page(cache_on):
    view, calls = counting_view()
    view(anonymous_get())
    request = anonymous_get()
    request._messages.add(20, "Evening saved.")
    view(request)
    assert len(calls) == 2


def test_unknown_parameters_share_the_plain_page_entry(cache_on):
    view, calls = counting_view()
    view(anonymous_get("/history/"))
    view(anonymous_get("/history/?z=1"))
    view(anonymous_get("/history/?z=2&x=<b>"))
    assert len(calls) == 1


def test_recognised_parameters_keep_their_own_entries_in_any_order(cache_on):
    view, calls = counting_view()
    view(anonymous_get("/history/?page=2&sort=a"))
    view(anonymous_get("/history/?sort=a&z=9&page=2"))
    view(anonymous_get("/history/?page=2&sort=b"))
    view(anonymous_get("/history/?page=2"))
    assert len(calls) == 3


def test_the_view_sees_only_its_parameters(cache_on):
    view, calls = counting_view()
    view(anonymous_get("/history/?z=1&sort=b&page=2&page=3"))
    (request,) = calls
    # One value each: the last, which ``request.GET.get`` would have given the view.
    assert dict(request.GET.lists()) == {"page": ["3"], "sort": ["b"]}
    assert request.get_full_path() == "/history/?page=3&sort=b"
