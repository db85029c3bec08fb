"""With ``CACHE_URL`` naming a Redis server, the page cache lives there: one server renders a
league's page and every other server of the site serves it, a save on any server makes it stale
on all of them (0 stale reads), and Redis being away costs renders, never an error page."""

import pytest
from django.core.cache import caches
from django.test import Client

from tests.shared_cache.conftest import another_server
from tests.web.test_cache_pages import league_pages, read_all

pytestmark = pytest.mark.django_db

HISTORY = "/ofc-runde/history/"


def page_keys(redis_server):
    import redis

    return redis.Redis.from_url(redis_server.url).keys("ofcleague-pages:*")


def test_a_page_one_server_rendered_is_served_by_another(shared_caches, redis_server, running):
    first = Client().get(HISTORY)
    assert first.status_code == 200
    assert len(page_keys(redis_server)) == 1

    another_server(shared_caches)
    assert caches["pages"].get("page:" + first["ETag"]) is not None
    second = Client().get(HISTORY)
    assert second["ETag"] == first["ETag"]
    assert second.content == first.content
    assert len(page_keys(redis_server)) == 1  # served from Redis, nothing stored anew


def save_points(browser, evening, points):
    seats = list(evening.seats.order_by("pk"))
    data = {"version": evening.version, "finish": ""}
    data |= {f"p_{seat.pk}_1": value for seat, value in zip(seats, points, strict=True)}
    return browser.post(f"/ofc-runde/evenings/{evening.pk}/points/", data)


def test_no_server_reads_a_stale_page_after_a_save_on_another(
    shared_caches, running, keeper, django_capture_on_commit_callbacks
):
    pages = league_pages(running)
    read_all(pages)  # server A fills the shared cache
    another_server(shared_caches)
    before = read_all(pages)  # server B serves those pages

    with django_capture_on_commit_callbacks(execute=True):
        assert save_points(keeper, running, [563, -563]).status_code == 302  # on B
    another_server(shared_caches)
    after = read_all(pages)  # back on A

    shared_caches.CACHES = {
        alias: {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}
        for alias in ("default", "pages")
    }
    assert after == read_all(pages)  # exactly what a server without any cache renders
    evening = f"/ofc-runde/evenings/{running.pk}/"
    assert "563" in after[evening][1] and "563" not in before[evening][1]


def test_with_redis_away_the_pages_are_rendered_instead(shared_caches, redis_server, running):
    assert Client().get(HISTORY).status_code == 200
    redis_server.stop()
    another_server(shared_caches)
    response = Client().get(HISTORY)
    assert response.status_code == 200
    assert "<html" in response.content.decode()
    redis_server.start()
    assert Client().get(HISTORY).status_code == 200


def test_with_redis_away_every_follower_renders_the_live_part_itself(
    shared_caches, redis_server, running
):
    """The live part's mark that one follower is rendering lives in the page cache too: with
    Redis away each follower renders the part (the Friday-night run's Redis restart answered
    500 here), and once Redis is back they share it again."""
    path = f"/ofc-runde/evenings/{running.pk}/now/"
    assert Client().get(path).status_code == 200
    redis_server.stop()
    another_server(shared_caches)
    away = [Client().get(path) for _ in range(2)]
    assert [answer.status_code for answer in away] == [200, 200]
    assert away[0].content == away[1].content and b"evening-now" in away[0].content
    redis_server.start()
    another_server(shared_caches)
    back = Client().get(path)
    assert back.status_code == 200 and back.content == away[0].content
    assert Client().get(path, HTTP_IF_NONE_MATCH=back["ETag"]).status_code == 304
