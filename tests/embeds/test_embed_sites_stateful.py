"""The sites that may frame a league's standings (``set_embed_sites``), driven by random
sequences: owners and others type lists of addresses, good and garbage, from within their own
league or another; now and then a visitor loads the league's embed page. After every step the
league's invariants hold in each league, the stored sites are what the typed text says
(kept one origin a line), a refusal leaves both leagues as they were, and the embed page
frames exactly for the stored sites under a new ETag once they changed.
"""

from __future__ import annotations

import os

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from ofcleague.league.current import using_league
from ofcleague.league.embed_sites import embed_sites
from ofcleague.league.invariants import league_problems
from ofcleague.league.leagues import League, Membership, Role
from ofcleague.league.services.embedding import set_embed_sites
from ofcleague.urls.pages import urlconf_for
from tests.embeds.test_embed import csp
from tests.factories import UserFactory

EXAMPLES = int(os.environ.get("OFC_STATEFUL_EXAMPLES", "200")) // 10 or 1

GOOD = [
    "https://club.example.org",
    "club.example.net",
    "HTTPS://Club.Example.org/",  # the first again, as typed differently
    "*.example.org",
    "http://localhost:8000",
    "https://127.0.0.1",
    "https://a-b.example.com:8443",
]
GARBAGE = [
    "https://a.example.org; script-src *",
    "http://example.org",  # http only on this computer
    "ftp://example.org",
    "https://example.org/path",
    "'self'",
    "https://example.org:70000",
    "https://exämple.org",
    "-bad-.example.org",
    "https://*",
]
TEXTS = st.tuples(
    st.lists(
        st.one_of(st.sampled_from(GOOD), st.sampled_from(GOOD), st.sampled_from(GARBAGE)),
        max_size=12,
    ),
    st.sampled_from(["\n", "\r\n", " ", ", ", ","]),
).map(lambda parts: parts[1].join(parts[0]))


def stored(league) -> str:
    return League.objects.values_list("embed_sites", flat=True).get(pk=league.pk)


class EmbedSitesMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        self.leagues, self.owners = [], []
        for slug in ("eins", "zwei"):
            league = League.objects.create(name=slug.title(), slug=slug)
            owner = UserFactory(username=f"owner-{slug}")
            Membership.objects.create(league=league, user=owner, role=Role.OWNER)
            self.leagues.append(league)
            self.owners.append(owner)
        keeper = UserFactory(username="keeper")
        Membership.objects.create(league=self.leagues[0], user=keeper, role="scorekeeper")
        self.people = [*self.owners, keeper, UserFactory(username="stranger")]
        self.pages = {}  # league pk: (the sites its embed page was last loaded with, its ETag)

    def teardown(self):
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    @rule(text=TEXTS, league=st.integers(0, 1), person=st.integers(0, 3), within=st.integers(0, 1))
    def set_sites(self, text, league, person, within):
        league, user = self.leagues[league], self.people[person]
        before = [stored(each) for each in self.leagues]
        try:
            expected = embed_sites(text)
        except ValidationError:
            expected = None
        try:
            # The caller may stand in another league: the write is this league's still.
            with using_league(self.leagues[within]):
                set_embed_sites(user, league, text)
        except PermissionDenied:
            assert user is not self.owners[self.leagues.index(league)]
            assert [stored(each) for each in self.leagues] == before
            event("not the owner")
            return
        except ValidationError as error:
            assert expected is None and list(error.message_dict) == ["sites"]
            assert [stored(each) for each in self.leagues] == before
            event("refused")
            return
        assert expected is not None, f"took {text!r}"
        assert stored(league) == "\n".join(expected)
        others = [each for each in self.leagues if each.pk != league.pk]
        assert [stored(each) for each in others] == [
            value for each, value in zip(self.leagues, before, strict=True) if each in others
        ]
        event(f"stored {len(expected)} sites")

    @rule(league=st.integers(0, 1))
    def visitor_loads_the_embed_page(self, league):
        league = self.leagues[league]
        sites = stored(league)
        url = reverse("embeds:standings", urlconf=urlconf_for(league.slug))
        response = Client().get(url)
        assert response.status_code == 200
        assert csp(response)["frame-ancestors"] == (" ".join(sites.split()) or "'none'")
        assert ("X-Frame-Options" in response) == (not sites)
        last = self.pages.get(league.pk)
        if last is not None and last[0] != sites:
            assert response["ETag"] != last[1], "the sites changed, the ETag did not"
        self.pages[league.pk] = (sites, response["ETag"])

    @invariant()
    def the_leagues_are_sound_and_their_sites_kept_plain(self):
        for league in self.leagues:
            with using_league(league):
                problems = league_problems()
            assert not problems, "\n".join(map(str, problems))
            sites = stored(league)
            assert "\n".join(embed_sites(sites)) == sites


@pytest.mark.django_db
def test_embed_sites_keep_their_rules_after_any_sequence():
    run_state_machine_as_test(
        EmbedSitesMachine,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=8,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
