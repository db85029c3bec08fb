"""The embeddable standings: the owner's setting, the embed page's CSP, members-only leagues."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from ofcleague.league.embed_sites import embed_sites, frame_ancestors
from ofcleague.league.leagues import League, Membership, Role, Visibility
from ofcleague.league.services.embedding import set_embed_sites
from tests.conftest import german_text
from tests.factories import UserFactory, scorekeeper_of
from tests.league.builders import build_league

pytestmark = pytest.mark.django_db

CLUB = "https://club.example.org"


@pytest.fixture
def owner(first_league):
    user = UserFactory(username="owner")
    Membership.objects.create(league=first_league, user=user, role=Role.OWNER)
    return user


def csp(response) -> dict[str, str]:
    """The response's CSP as {directive: its sources}."""
    parts = (part.strip().split(" ", 1) for part in response["Content-Security-Policy"].split(";"))
    return {part[0]: part[1] if len(part) > 1 else "" for part in parts if part[0]}


def test_by_default_no_site_may_frame_the_embed_page(client):
    build_league(2, players=4)
    response = client.get(reverse("embeds:standings"))
    assert response.status_code == 200
    assert csp(response)["frame-ancestors"] == "'none'"
    assert response["X-Frame-Options"] == "DENY"


def test_the_owner_names_a_site_and_only_the_embed_page_lets_it_frame(client, owner):
    build_league(2, players=4)
    client.force_login(owner)
    response = client.post(reverse("embeds:settings"), {"sites": f"{CLUB}/\nclub.example.org"})
    assert response.status_code == 302
    assert League.objects.get(pk=owner.memberships.get().league_id).embed_sites == CLUB
    client.logout()
    embed = client.get(reverse("embeds:standings"))
    assert csp(embed)["frame-ancestors"] == CLUB
    assert "X-Frame-Options" not in embed
    # The rest of the policy stays the site's.
    assert csp(embed)["script-src"] == "'self'"
    other = client.get(reverse("standings:alltime"))
    assert csp(other)["frame-ancestors"] == "'none'" and other["X-Frame-Options"] == "DENY"


def test_the_embed_page_shows_the_latest_seasons_table_with_links_out(client):
    people = build_league(4, players=4)
    page = client.get(reverse("embeds:standings")).content.decode()
    assert 'target="_blank"' in page and 'rel="noopener"' in page
    assert any(person.name in page for person in people)
    assert 'class="site-nav' not in page, "the embed is the table alone, without the menu"


@pytest.mark.parametrize(
    "typed",
    [
        "https://club.example.org; script-src *",
        "'unsafe-inline'",
        "https://club.example.org/standings",
        "http://club.example.org",
        "javascript:alert(1)",
        "*",
    ],
)
def test_a_typed_entry_that_is_no_plain_origin_is_refused_with_the_input_kept(client, owner, typed):
    client.force_login(owner)
    response = client.post(reverse("embeds:settings"), {"sites": typed})
    assert response.status_code == 200
    page = response.content.decode()
    assert german_text("Not saved yet. Please fix:") in page
    assert 'class="field has-error"' in page
    assert League.objects.get(pk=1).embed_sites == ""
    assert 'name="sites"' in page


def test_the_sites_are_read_as_origins_each_once():
    assert embed_sites("club.example.org, https://*.example.net:8443/\nCLUB.example.org") == [
        CLUB,
        "https://*.example.net:8443",
    ]
    assert embed_sites("http://localhost:8000") == ["http://localhost:8000"]
    assert embed_sites("") == []
    with pytest.raises(ValidationError):
        embed_sites(" ".join(f"https://s{number}.example.org" for number in range(11)))
    # A stored value that is no origin (written around the service) frames nothing.
    assert frame_ancestors("https://a.example.org; script-src *") == ["'none'"]


def test_only_the_owner_changes_the_sites(client, first_league):
    scorekeeper = UserFactory()
    scorekeeper_of(scorekeeper)
    with pytest.raises(PermissionDenied):
        set_embed_sites(scorekeeper, first_league, CLUB)
    client.force_login(scorekeeper)
    assert client.get(reverse("embeds:settings")).status_code == 403
    client.logout()
    assert client.get(reverse("embeds:settings")).status_code == 302


def test_a_members_only_league_shows_visitors_nothing(client, first_league, owner):
    build_league(2, players=4)
    set_embed_sites(owner, first_league, CLUB)
    first_league.visibility = Visibility.MEMBERS
    first_league.save(update_fields=["visibility"])
    embed = client.get(reverse("embeds:standings"))
    assert embed.status_code == 302 and "/login/" in embed["Location"]
    for name in ("standings", "evenings", "records"):
        answer = client.get(reverse(f"embeds:api_{name}"))
        assert answer.status_code == 403
        assert answer.json()["error"]["code"] == "login_required"


def test_the_stored_sites_are_a_rule_of_the_league(first_league, owner):
    from ofcleague.league.invariants import league_problems

    set_embed_sites(owner, first_league, f"{CLUB}\nclub.example.net")
    assert not [str(problem) for problem in league_problems()]
    League.objects.filter(pk=first_league.pk).update(embed_sites="https://a.example.org; x")
    not_plain = german_text(
        "its sites that may embed the standings are not all plain site addresses."
    )
    assert [problem.rule for problem in league_problems()] == [not_plain]
    League.objects.filter(pk=first_league.pk).update(embed_sites=f" {CLUB}")
    not_kept = german_text(
        "its sites that may embed the standings are not kept one address a line."
    )
    assert [problem.rule for problem in league_problems()] == [not_kept]


def test_the_settings_page_shows_the_code_to_paste_with_the_league_name_escaped(client, owner):
    build_league(2, players=4)
    league = League.objects.get(pk=owner.memberships.get().league_id)
    League.objects.filter(pk=league.pk).update(name='Tom & "Jerry" <b>')
    client.force_login(owner)
    page = client.get(reverse("embeds:settings")).content.decode()
    box = page.split('id="embed-code"', 1)[1].split("</textarea>", 1)[0]
    # Shown as text: the pasted code is an iframe of the embed page, its title escaped once.
    assert "&lt;iframe src=&quot;http://testserver/" in box
    assert "title=&quot;Tom &amp;amp; &amp;quot;Jerry&amp;quot; &amp;lt;b&amp;gt;&quot;" in box
    assert "<b>" not in box
