"""Who belongs to a league, as steps of the league's state machine: invites made (with any
role, lifetime, uses and player, now and then out of bounds), withdrawn and opened (now and
then an unknown link); roles given, members removed, members leaving; claims to be a player,
decided and undone; private calendar links made, renewed and revoked (by members and by
others, who are refused); players merged; players added by a pasted list (near names,
look-alikes, addresses good and bad). Each is tried by the league's owner or by someone
else (who is refused).

A mixin of :class:`tests.league.test_invariants_stateful.LeagueMachine`, which checks the
league's invariants (the members' rules of :mod:`ofcleague.members.invariants`
among them, and the secret links' rules of :mod:`ofcleague.rsvp.invariants.tokens`: a
removed or leaving member's calendar link is revoked, a merged player's personal link moved or
revoked) after every step, and that a refused write changes no row. Its own checks: a league
that had an owner keeps one; joining never lowers a role; the roles a page reads are the ones
stored; a calendar link reads (its league) exactly while it is live.
"""

from __future__ import annotations

from hypothesis import strategies as st
from hypothesis.stateful import invariant, precondition, rule

from ofcleague.league.leagues import Membership, Role
from ofcleague.league.models import Player
from ofcleague.league.roles import role_of, runs
from ofcleague.league.services import adding
from ofcleague.league.services.merging import merge_players
from ofcleague.members.invites import Invite, PlayerClaim
from ofcleague.members.services import members
from ofcleague.rsvp.calendar_feeds import CalendarFeed
from ofcleague.rsvp.models import PlayerLink
from ofcleague.rsvp.services import calendar_feeds
from tests.factories import UserFactory
from tests.league.stateful_points import mostly

ROLES = mostly(st.sampled_from(Role.values), "king", "", None, "OWNER")
#: Names an owner pastes: mostly new ones, now and then a near one (one letter, an accent, a
#: Cyrillic "А"), a blank or formula-like one; each with an address or without, now and then
#: a broken one.
NEW_NAMES = mostly(
    st.sampled_from(["Greta", "Hugo", "Ida", "Jelena", "Konstantin", "Zoë"]),
    "Zoe",
    "Grete",
    "Аnna",
    "=Ben",
    "\u200b",
)
ADDRESSES = mostly(
    st.sampled_from(["", " anna@example.org", ", ben@example.org", " <zoe@example.org>"]),
    " anna@",
    " a@x.org b@y.org",
    ", ",
)


class MemberSteps:
    """Rules of invites, roles and claims (mixed into the state machine)."""

    users: list = ()

    def start_members(self):
        """Four accounts that come and go, and an owner for each league (the site's first
        league may have none, but then nobody could invite)."""
        # Mail addresses for the reminders' steps (one account has none).
        self.users = [
            UserFactory(username=name, email=f"{name}@example.org" if name != "xaver" else "")
            for name in ("ulla", "veit", "wim", "xaver")
        ]
        for league in self.leagues:
            owner = Membership.objects.filter(league=league, role=Role.OWNER).first()
            if owner is None:
                owner = Membership.objects.create(
                    league=league, user=UserFactory(username="first-owner"), role=Role.OWNER
                )
            self.users.append(owner.user)

    def some_user(self, data):
        return data.draw(st.sampled_from(self.users), label="account")

    def owner_of(self, league_id):
        """An owner of the league (there is always one), as the account object the steps use
        (services forget the roles they change on the object they are given)."""
        pk = (
            Membership.objects.filter(league_id=league_id, role=Role.OWNER)
            .order_by("pk")
            .values_list("user_id", flat=True)
            .first()
        )
        return next(user for user in self.users if user.pk == pk)

    def by(self, data):
        """Mostly the active league's owner, now and then an account that is not."""
        if data.draw(st.integers(0, 4), label="by someone else?") == 0:
            return data.draw(st.sampled_from([*self.users, self.keeper]), label="by")
        return self.owner_of(self.league.pk)

    @rule(data=st.data())
    def make_invite(self, data):
        players = list(Player._base_manager.order_by("pk"))  # another league's now and then
        player = None
        if players and data.draw(st.booleans(), label="for a player"):
            player = data.draw(st.sampled_from(players), label="player")
        self.attempt(
            members.make_invite,
            self.league,
            self.by(data),
            data.draw(ROLES, label="role"),
            days=data.draw(mostly(st.none() | st.integers(1, 365), 0, 366, -1), label="days"),
            max_uses=data.draw(mostly(st.none() | st.integers(1, 3), 0, 1001), label="uses"),
            player=player,
        )

    @precondition(lambda self: Invite.objects.exists())
    @rule(data=st.data())
    def revoke_invite(self, data):
        invite = data.draw(st.sampled_from(list(Invite.objects.order_by("pk"))), label="invite")
        by = self.by(data)
        self.attempt(members.revoke_invite, invite, by)

    @rule(data=st.data())
    def accept_invite(self, data):
        tokens = list(Invite.objects.order_by("pk").values_list("token", flat=True))
        token = data.draw(
            st.sampled_from(tokens) if tokens and data.draw(st.integers(0, 9)) else st.text(),
            label="token",
        )
        user = self.some_user(data)
        leagues = {league.pk: role_of(user, league) for league in self.leagues}
        membership = self.attempt(members.accept_invite, token, user)
        if membership is not None:
            invite = Invite.objects.get(token=token)
            before = leagues[invite.league_id]
            rank = members.RANK
            assert rank[Role(membership.role)] >= rank.get(before, 0), "joining lowered a role"

    @rule(data=st.data())
    def set_role(self, data):
        user = data.draw(st.sampled_from(self.users), label="of")
        self.attempt(
            members.set_role, self.league, user, data.draw(ROLES, label="role"), self.by(data)
        )

    @rule(data=st.data())
    def remove_member(self, data):
        user = data.draw(st.sampled_from(self.users), label="who")
        self.attempt(members.remove_member, self.league, user, self.by(data))

    @rule(data=st.data())
    def leave_league(self, data):
        user = data.draw(st.sampled_from(self.users), label="who")
        self.attempt(members.leave_league, self.league, user)

    @precondition(lambda self: Player.objects.exists())
    @rule(data=st.data())
    def claim_player(self, data):
        player = data.draw(st.sampled_from(list(Player.objects.order_by("pk"))), label="player")
        self.attempt(members.claim_player, player, self.some_user(data))

    @precondition(lambda self: PlayerClaim.objects.exists())
    @rule(data=st.data(), confirm=st.booleans())
    def decide_claim(self, data, confirm):
        claims = list(PlayerClaim.objects.order_by("pk"))
        claim = data.draw(st.sampled_from(claims), label="claim")
        owner = self.owner_of(claim.league_id)
        by = owner if data.draw(st.integers(0, 4), label="owner?") else self.some_user(data)
        self.attempt(members.decide_claim, claim, confirm, by)

    @precondition(lambda self: PlayerClaim.objects.exists())
    @rule(data=st.data())
    def unlink(self, data):
        claim = data.draw(st.sampled_from(list(PlayerClaim.objects.order_by("pk"))), label="claim")
        who = data.draw(st.sampled_from(["claimant", "owner", "other"]), label="by")
        by = {
            "claimant": claim.user,
            "owner": self.owner_of(claim.league_id),
        }.get(who) or self.some_user(data)
        self.attempt(members.unlink, claim, by)

    @rule(data=st.data())
    def make_calendar_feed(self, data):
        """A member makes (or renews) their private calendar link; others are refused."""
        user = data.draw(st.sampled_from([*self.users, self.keeper]), label="for")
        self.attempt(calendar_feeds.new_calendar_feed, user, self.league)

    @precondition(lambda self: CalendarFeed.objects.exists())
    @rule(data=st.data())
    def revoke_calendar_feed(self, data):
        user = data.draw(st.sampled_from([*self.users, self.keeper]), label="of")
        self.attempt(calendar_feeds.revoke_calendar_feeds, user, self.league)

    @precondition(lambda self: Player.objects.count() >= 2)
    @rule(data=st.data())
    def merge_players(self, data):
        """Two players of the league merged (now and then the same one, or two who played
        the same evening: refused); the merged one's link moves or is revoked."""
        players = list(Player.objects.order_by("pk"))
        keep = data.draw(st.sampled_from(players), label="keep")
        merge = data.draw(st.sampled_from(players), label="merge")
        self.attempt(merge_players, self.league, keep, merge, self.by(data))

    @invariant()
    def a_calendar_link_reads_while_it_lives(self):
        for feed in CalendarFeed.objects.select_related("league"):
            read = calendar_feeds.feed_league(feed.token)
            assert read == (feed.league if feed.revoked_at is None else None), feed.pk

    @rule(data=st.data())
    def add_players(self, data):
        """A pasted list of new players, by the owner or by someone who may not add them;
        accepted, every new player is the league's with one personal link."""
        known = list(Player.objects.values_list("name", flat=True))
        names = mostly(NEW_NAMES, *known[:3]) if known else NEW_NAMES
        lines = data.draw(st.lists(st.tuples(names, ADDRESSES), max_size=3), label="lines")
        text = "\n".join(name + address for name, address in lines)
        confirmed = data.draw(st.lists(NEW_NAMES, max_size=2), label="confirmed")
        by = self.by(data)
        may = runs(by, self.league)
        added = self.attempt(adding.add_players, self.league, by, text, confirmed=confirmed)
        if added is None:
            return
        assert may, "someone who does not run the league added players"
        for player in added:
            assert player.league_id == self.league.pk
            assert PlayerLink.objects.filter(player=player, revoked_at=None).count() == 1

    @invariant()
    def every_league_keeps_its_owner(self):
        for league in self.leagues:
            assert Membership.objects.filter(league=league, role=Role.OWNER).exists(), league
        # The roles a request reads (role_of, kept on the user object) are those stored.
        for user in self.users:
            for league in self.leagues:
                stored = (
                    Membership.objects.filter(league=league, user=user)
                    .values_list("role", flat=True)
                    .first()
                )
                assert role_of(user, league) == stored, (user, league)
