"""factory-boy factories for the league's models."""

import datetime
from decimal import Decimal

import factory
from django.contrib.auth import get_user_model
from django.utils.text import slugify

from ofcleague.league import hooks
from ofcleague.league.models import Evening, EveningPlayer, Player, RoundScore, Status, Variant
from ofcleague.league.names import name_key


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Player {n}")
    name_key = factory.LazyAttribute(lambda player: name_key(player.name))
    slug = factory.LazyAttribute(lambda player: slugify(player.name))


class EveningFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Evening
        skip_postgeneration_save = True

    # Weekly from 2016, wrapping round before today so every date stays within the limits.
    date = factory.Sequence(
        lambda n: datetime.date(2016, 1, 1) + datetime.timedelta(days=7 * (n % 400))
    )
    start_time = datetime.time(19, 0)
    buy_in = Decimal("10.00")
    rounds = 3
    hands_per_round = 15
    variant = Variant.PINEAPPLE
    status = Status.FINISHED


class EveningPlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = EveningPlayer
        skip_postgeneration_save = True

    evening = factory.SubFactory(EveningFactory)
    player = factory.SubFactory(PlayerFactory)

    @factory.post_generation
    def kept_standings(seat, create, extracted, **kwargs):
        """Keep ratings and standings as the services do (tests build seats directly)."""
        if create:
            hooks.evening_changed(seat.evening)


class RoundScoreFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RoundScore
        skip_postgeneration_save = True

    evening_player = factory.SubFactory(EveningPlayerFactory)
    round_number = 1
    points = 0


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("secret-pass-123")


def scorekeeper_of(user, league_id=1, role="scorekeeper"):
    """Give ``user`` a role in a league (the first unless named): scorekeepers enter results."""
    from ofcleague.league.leagues import Membership

    Membership.objects.update_or_create(league_id=league_id, user=user, defaults={"role": role})
    return user


def ensure_first_league():
    """The site's first league, as the migrations make it (a live-server test empties it)."""
    from django.conf import settings

    from ofcleague.league.leagues import League

    league, created = League.objects.get_or_create(
        pk=1, defaults={"name": settings.LEAGUE_NAME, "slug": settings.LEAGUE_SLUG}
    )
    if created:
        _count_keys_on(League)
    return league


def _count_keys_on(model):
    """After a row made with its key given, PostgreSQL's counter goes on after it."""
    from django.core.management.color import no_style
    from django.db import connection

    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), [model]):
            cursor.execute(statement)


def confirmed_claim(user, player):
    """``user`` is ``player``'s account: a claim ("that's me") the owner confirmed."""
    from django.utils import timezone

    from ofcleague.members.invites import ClaimStatus, PlayerClaim

    return PlayerClaim.objects.create(
        league_id=player.league_id,
        player=player,
        user=user,
        status=ClaimStatus.CONFIRMED,
        decided_at=timezone.now(),
    )
