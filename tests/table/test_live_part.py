"""The live part shared by every follower (ofcleague/results/live_part.py): one rendering per
league version, no stale part after a save, nothing of one person in what another gets, and
the queries of a poll."""

import pytest
from django.db import connection
from django.test import Client, RequestFactory
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from ofcleague.league.leagues import League, Visibility
from ofcleague.league.models import Status
from ofcleague.results.live_part import (
    LOOK_EVERY,
    WAIT_FOR_RENDERING,
    early_answer,
    shared_part,
)
from ofcleague.web.cache import page_cache
from tests.table.conftest import points_hand

pytestmark = pytest.mark.django_db

FOLLOWERS = 6


def part_url(evening, query=""):
    return reverse("results:evening_now", args=[evening.pk]) + query


def poll(client, evening, etag=None, query=""):
    """One poll as live.js sends it; returns the answer and the queries it ran."""
    extra = {"HTTP_IF_NONE_MATCH": etag} if etag else {}
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(part_url(evening, query), **extra)
    return answer, len(queries)


def test_six_followers_after_a_save_cost_one_rendering(cache_on, evening, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    first, rendering = poll(Client(), evening)
    assert first.status_code == 200
    for _ in range(FOLLOWERS - 1):
        again, queries = poll(Client(), evening)
        # The league with its version, and the part from the cache: nothing rendered.
        assert again.status_code == 200 and queries == 1 < rendering
        assert again.content == first.content and again["ETag"] == first["ETag"]


def test_a_poll_answered_304_runs_one_query(cache_on, evening, table1):
    points_hand(table1, 1, [5, -2, -2, -1])
    first, _ = poll(Client(), evening)
    again, queries = poll(Client(), evening, first["ETag"])
    assert again.status_code == 304 and queries == 1
    assert again["ETag"] == first["ETag"] and again["Cache-Control"] == "no-cache"


def test_a_members_poll_reads_who_they_are_and_renders_nothing(cache_on, keeper, evening, table1):
    """Session, account, league and role: four queries, for the 304 and for a part another
    member's poll rendered (the evening's own reads are a dozen more)."""
    points_hand(table1, 1, [5, -2, -2, -1])
    first, rendering = poll(keeper, evening)
    again, queries = poll(keeper, evening, first["ETag"])
    assert again.status_code == 304 and queries == 4
    shared, queries = poll(keeper, evening)
    assert shared.status_code == 200 and shared.content == first.content
    assert queries == 4 < rendering


@pytest.mark.parametrize("member", [False, True])
def test_no_follower_reads_an_old_part_after_a_save(cache_on, keeper, evening, table1, member):
    follower = keeper if member else Client()
    points_hand(table1, 1, [5, -2, -2, -1])
    before, _ = poll(follower, evening)
    assert poll(follower, evening, before["ETag"])[0].status_code == 304
    points_hand(table1, 2, [7, 1, -4, -4])
    after, _ = poll(follower, evening, before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    # Anna's total is 12 now, and so is it for a follower who arrives after the save.
    assert "data-live-total>12<" in after.content.decode()
    assert "data-live-total>12<" in poll(Client(), evening)[0].content.decode()


def test_the_money_a_member_sees_never_reaches_a_visitor(cache_on, keeper, evening, table1):
    """The league keeps its money from visitors (the default): the member's part, rendered
    first and kept, shows the buy-in; the visitor's never does, asked for in every way."""
    assert not League.objects.get(pk=evening.league_id).money_public
    points_hand(table1, 1, [5, -2, -2, -1])
    members, _ = poll(keeper, evening)
    assert "€" in members.content.decode()
    for etag in (None, members["ETag"]):
        visitors, _ = poll(Client(), evening, etag)
        assert visitors.status_code == 200 and "€" not in visitors.content.decode()
        assert visitors["ETag"] != members["ETag"]


def test_a_member_and_a_visitor_get_the_same_bytes_where_money_is_public(
    cache_on, keeper, evening, table1
):
    League.objects.filter(pk=evening.league_id).update(money_public=True)
    points_hand(table1, 1, [5, -2, -2, -1])
    members, _ = poll(keeper, evening)
    visitors, _ = poll(Client(), evening)
    assert members.content == visitors.content and members["ETag"] == visitors["ETag"]
    assert keeper.session.session_key  # a session of its own, whose name is nowhere in it
    assert b"csrfmiddlewaretoken" not in members.content


def test_a_query_added_to_the_poll_stays_out_of_the_shared_part(cache_on, evening, table1):
    """The finished evening's CSV link is built from the request's query: the part is built
    for nobody's request, so ``?who=<b>x</b>`` is in nobody's link (today's part carried it)."""
    points_hand(table1, 1, [5, -2, -2, -1])
    evening.status = Status.FINISHED
    evening.save(update_fields=["status"])
    odd, _ = poll(Client(), evening, query="?who=%3Cb%3Ex%3C%2Fb%3E")
    plain, _ = poll(Client(), evening)
    assert "who=" not in odd.content.decode() and 'href="?_export=csv"' in odd.content.decode()
    assert odd.content == plain.content


# The early answer (before the session and the view) ---------------------------------------------


def early(evening, etag=None, **extra):
    if etag:
        extra["HTTP_IF_NONE_MATCH"] = etag
    return early_answer(RequestFactory().get(part_url(evening), **extra))


@pytest.mark.parametrize(
    ("league_language", "cookie"), [("de", None), ("en", None), ("en", "de"), ("de", "en")]
)
def test_the_early_answer_knows_the_views_etag_in_every_language(
    evening, table1, league_language, cookie
):
    League.objects.filter(pk=evening.league_id).update(language=league_language)
    points_hand(table1, 1, [5, -2, -2, -1])
    visitor = Client()
    if cookie:
        visitor.cookies["django_language"] = cookie
    first = visitor.get(part_url(evening))
    assert first["Content-Language"] == (cookie or league_language)
    cookies = {"HTTP_COOKIE": f"django_language={cookie}"} if cookie else {}
    answer = early(evening, first["ETag"], **cookies)
    assert answer is not None and answer.status_code == 304
    assert answer["Content-Language"] == first["Content-Language"]


def test_the_early_answer_leaves_members_and_members_only_leagues_to_the_view(evening, table1):
    first = Client().get(part_url(evening))
    assert early(evening, first["ETag"]).status_code == 304
    # A session: the role decides what the part shows.
    assert early(evening, first["ETag"], HTTP_COOKIE="sessionid=abc") is None
    League.objects.filter(pk=evening.league_id).update(visibility=Visibility.MEMBERS)
    assert early(evening, first["ETag"]) is None
    # A stale tag, and no page cache (the test settings): on to the view.
    League.objects.filter(pk=evening.league_id).update(visibility=Visibility.PUBLIC)
    points_hand(table1, 1, [5, -2, -2, -1])
    assert early(evening, first["ETag"]) is None


def test_the_early_answer_is_only_for_the_part(evening, settings):
    first = Client().get(part_url(evening))
    factory = RequestFactory()
    assert early_answer(factory.get(evening.get_absolute_url(), HTTP_IF_NONE_MATCH="*")) is None
    assert early_answer(factory.post(part_url(evening), HTTP_IF_NONE_MATCH=first["ETag"])) is None
    settings.MEMBERS_ONLY = True
    assert early(evening, first["ETag"]) is None


def test_followers_who_miss_at_once_wait_for_the_one_rendering(cache_on):
    """Another follower's poll is rendering the part (its mark is in the cache): this one
    renders nothing and gets that part once it is stored."""
    etag = 'W/"after-a-save"'
    page_cache().add("rendering:" + etag, 1)
    looks, rendered = [], []

    def pause(seconds):
        looks.append(seconds)
        if len(looks) == 3:
            page_cache().set("now:" + etag, b"the part")

    part = shared_part(etag, lambda: rendered.append(1) or b"again", pause=pause)
    assert part == b"the part" and rendered == [] and len(looks) == 3


def test_a_follower_renders_the_part_itself_when_the_other_never_stores_it(cache_on):
    etag = 'W/"the-other-failed"'
    page_cache().add("rendering:" + etag, 1)
    looks = []
    part = shared_part(etag, lambda: b"rendered here", pause=looks.append)
    assert part == b"rendered here" and len(looks) == WAIT_FOR_RENDERING / LOOK_EVERY
    assert page_cache().get("now:" + etag) == b"rendered here"
    assert page_cache().get("rendering:" + etag) is None
