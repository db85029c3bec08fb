"""The page cache: anonymous visitors get cached pages, and never a stale one after a write."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage.fallback import FallbackStorage
from django.db import transaction
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.test import RequestFactory
from django.utils import translation
from django.utils.autoreload import file_changed

from ofcleague.web import cache as page_cache
from ofcleague.web.models import LeagueVersion
from ofcleague.web.params import LeftOut
from tests.factories import UserFactory

# The league version lives in the database: every test here reads it.
pytestmark = pytest.mark.django_db


def counting_view():
    """A view that counts its renders."""
    calls = []

    @page_cache.cached_page(params=("page", "sort"))
    def view(request):
        calls.append(request)
        return HttpResponse(f"<p>render {len(calls)}</p>")

    return view, calls


def anonymous_get(path="/ofc-runde/history/", **headers):
    request = RequestFactory().get(path, headers=headers)
    request.user = AnonymousUser()
    request.session = {}
    request._messages = FallbackStorage(request)
    return request


def test_second_anonymous_request_is_served_from_the_cache(cache_on):
    view, calls = counting_view()
    first = view(anonymous_get())
    second = view(anonymous_get())
    assert len(calls) == 1
    assert first.content == second.content
    assert first["ETag"] == second["ETag"]


def test_a_page_that_uses_a_csrf_token_is_neither_kept_nor_public(cache_on):
    calls = []

    @page_cache.cached_page(params=())
    def view(request):
        calls.append(request)
        return HttpResponse(f'<input name="csrfmiddlewaretoken" value="{get_token(request)}">')

    first = view(anonymous_get())
    view(anonymous_get())
    assert len(calls) == 2
    assert "ETag" not in first
    assert "public" not in first.get("Cache-Control", "")


def test_query_string_and_language_are_part_of_the_key(cache_on, settings):
    view, calls = counting_view()
    view(anonymous_get("/ofc-runde/history/?page=1"))
    view(anonymous_get("/ofc-runde/history/?page=2"))
    with translation.override("en"):
        view(anonymous_get("/ofc-runde/history/?page=1"))
    assert len(calls) == 3


def test_a_new_version_makes_every_cached_page_stale(cache_on):
    view, calls = counting_view()
    view(anonymous_get())
    page_cache.invalidate_league_pages()
    assert b"render 2" in view(anonymous_get()).content


def test_a_new_version_is_written_with_the_transaction_and_undone_with_it(cache_on):
    before = page_cache.league_version()
    with pytest.raises(RuntimeError), transaction.atomic():
        page_cache.invalidate_league_pages()
        assert page_cache.league_version() != before
        raise RuntimeError("the write fails")
    assert page_cache.league_version() == before


def test_the_version_survives_a_cache_that_keeps_nothing():
    # The test settings' DummyCache: the version must not depend on the cache.
    assert page_cache.league_version() == page_cache.league_version()
    before = page_cache.league_version()
    page_cache.invalidate_league_pages()
    assert page_cache.league_version() != before


def test_a_lost_version_row_is_made_again():
    LeagueVersion.objects.all().delete()
    token = page_cache.league_version()
    assert len(token) == 32
    assert page_cache.league_version() == token
    LeagueVersion.objects.all().delete()
    page_cache.invalidate_league_pages()
    assert LeagueVersion.objects.count() == 1


def test_members_and_posts_are_never_served_from_the_cache(cache_on):
    view, calls = counting_view()
    view(anonymous_get())
    member = anonymous_get()
    member.user = UserFactory()
    view(member)
    post = RequestFactory().post("/ofc-runde/history/")
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
    view(anonymous_get("/ofc-runde/history/"))
    view(anonymous_get("/ofc-runde/history/?z=1"))
    view(anonymous_get("/ofc-runde/history/?z=2&x=<b>"))
    assert len(calls) == 1


def test_recognised_parameters_keep_their_own_entries_in_any_order(cache_on):
    view, calls = counting_view()
    view(anonymous_get("/ofc-runde/history/?page=2&sort=a"))
    view(anonymous_get("/ofc-runde/history/?sort=a&z=9&page=2"))
    view(anonymous_get("/ofc-runde/history/?page=2&sort=b"))
    view(anonymous_get("/ofc-runde/history/?page=2"))
    assert len(calls) == 3


def test_the_view_sees_only_its_parameters(cache_on):
    view, calls = counting_view()
    view(anonymous_get("/ofc-runde/history/?z=1&sort=b&page=2&page=3"))
    (request,) = calls
    # One value each: the last, which ``request.GET.get`` would have given the view.
    assert dict(request.GET.lists()) == {"page": ["3"], "sort": ["b"]}
    assert request.get_full_path() == "/ofc-runde/history/?page=3&sort=b"


# Validators ------------------------------------------------------------------------------------


def test_an_anonymous_page_is_public_for_a_short_while_with_a_weak_etag():
    view, _ = counting_view()
    response = view(anonymous_get())
    assert response["Cache-Control"] == f"public, max-age={page_cache.PUBLIC_MAX_AGE}"
    assert response["ETag"].startswith('W/"')
    assert "Accept-Encoding" in response["Vary"]


def test_a_matching_if_none_match_is_answered_before_the_view_runs():
    view, calls = counting_view()
    etag = view(anonymous_get())["ETag"]
    for sent in (etag, etag.removeprefix("W/"), f'"other", {etag}', "*"):
        response = view(anonymous_get(If_None_Match=sent))
        assert response.status_code == 304, sent
        assert response["ETag"] == etag
        assert "public" in response["Cache-Control"]
    assert len(calls) == 1
    assert view(anonymous_get(If_None_Match='W/"old"')).status_code == 200


def test_the_etag_changes_with_the_league_the_language_the_address_and_the_release(
    monkeypatch,
):
    view, _ = counting_view()

    def etag(path="/ofc-runde/history/"):
        return view(anonymous_get(path))["ETag"]

    first = etag()
    assert etag() == first
    page_cache.invalidate_league_pages()
    second = etag()
    with translation.override("en"):
        english = etag()
    monkeypatch.setattr(page_cache, "release", lambda: "next-release")
    released = etag()
    assert len({first, second, english, released, etag("/ofc-runde/history/?page=2")}) == 5


def test_members_and_visitors_with_a_message_get_no_validator_and_no_304():
    view, calls = counting_view()
    etag = view(anonymous_get())["ETag"]
    member = anonymous_get(If_None_Match=etag)
    member.user = UserFactory()
    with_message = anonymous_get(If_None_Match=etag)
    with_message._messages.add(20, "Evening saved.")
    for request in (member, with_message):
        response = view(request)
        assert response.status_code == 200
        assert "ETag" not in response
        assert "Cache-Control" not in response
    assert len(calls) == 3


def never_a_page(values, view_kwargs):
    raise LeftOut("Not a page.")


def test_a_redirect_to_the_canonical_address_is_not_public():
    @page_cache.cached_page(params={"page": never_a_page})
    def view(request):
        return HttpResponse("never")

    response = view(anonymous_get("/ofc-runde/history/?page=x"))
    assert response.status_code == 302
    assert "ETag" not in response and "Cache-Control" not in response


@pytest.fixture
def fresh_release():
    page_cache.release.cache_clear()
    yield
    page_cache.release.cache_clear()


def test_the_release_is_a_hash_of_the_static_manifest(settings, tmp_path, fresh_release):
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    manifest = tmp_path / "staticfiles.json"
    manifest.write_text('{"paths": {"css/site.css": "css/site.1.css"}, "version": "1.1"}')
    first = page_cache.release()
    assert page_cache.release() == first
    manifest.write_text('{"paths": {"css/site.css": "css/site.2.css"}, "version": "1.1"}')
    page_cache.release.cache_clear()
    assert page_cache.release() != first


def test_without_a_manifest_the_release_is_this_process(fresh_release):
    first = page_cache.release()
    assert page_cache.release() == first
    page_cache.release.cache_clear()
    assert page_cache.release() != first


def test_an_edited_template_under_runserver_is_a_new_release(fresh_release, tmp_path):
    first = page_cache.release()
    file_changed.send(sender=None, file_path=tmp_path / "base.html")
    assert page_cache.release() != first


def test_a_release_that_changes_only_code_is_a_new_release(settings, tmp_path, fresh_release):
    # Starting a server takes no new league version: changed templates must change the ETag.
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STATIC_ROOT.mkdir()
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"},
    }
    (settings.STATIC_ROOT / "staticfiles.json").write_text('{"paths": {}, "version": "1.1"}')
    settings.BASE_DIR = tmp_path
    (tmp_path / "templates").mkdir()
    template = tmp_path / "templates" / "base.html"
    template.write_text("<p>old</p>")
    first = page_cache.release()
    template.write_text("<p>new</p>")
    page_cache.release.cache_clear()
    assert page_cache.release() != first
