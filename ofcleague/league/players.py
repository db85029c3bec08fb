"""A player of a league: the name the table knows, unique within the league by its key.
Imported by ``ofcleague.league.models``, so the model belongs to the league app."""

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from ofcleague.league import names
from ofcleague.league.batches import ImportBatch
from ofcleague.league.current import LeagueManager, league_reverse
from ofcleague.league.leagues import league_field


class Player(models.Model):
    """A member of the league, known at the table by a short display name.

    ``name_key`` (see ``ofcleague.league.names``) makes names unique: casefolded, with
    look-alike Cyrillic and Greek letters read as Latin, so SQLite and PostgreSQL agree on
    which names are the same. Whoever creates or renames a player sets it: the services, or
    ``clean()`` for the admin's form.
    """

    league = league_field()
    name = models.CharField(_("name"), max_length=names.MAX_LENGTH)
    name_key = models.CharField(_("name key"), max_length=names.KEY_MAX_LENGTH, editable=False)
    full_name = models.CharField(_("full name"), max_length=120, blank=True)
    # An address the owner gave when adding the player: where the player's mails go while no
    # account is linked to the player (a linked account's address comes first).
    email = models.EmailField(_("e-mail address"), blank=True)
    active = models.BooleanField(_("active"), default=True)
    slug = models.SlugField(_("slug"), max_length=50)
    # The import that created the player (a player known before an import never gets one).
    import_batch = models.ForeignKey(
        ImportBatch,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="new_players",
        verbose_name=_("brought in by"),
    )

    objects = LeagueManager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(fields=["league", "slug"], name="player_slug_unique"),
            models.UniqueConstraint(
                fields=["league", "name_key"],
                name="player_name_key_unique",
                violation_error_message=_("A player with this name already exists."),
            ),
            # A player written without a key would be unreachable by name: refuse it loudly.
            models.CheckConstraint(condition=~models.Q(name_key=""), name="player_name_key_set"),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return league_reverse(self.league_id, "standings:player", kwargs={"slug": self.slug})

    def clean(self):
        """Store the name normalised with its key, refusing a name another player has (or
        one that only looks like theirs)."""
        if not self.name:
            return  # the field itself says that a name is needed
        try:
            self.name = names.normalise_name(self.name)
        except ValidationError as error:
            raise ValidationError({"name": error}) from error
        self.name_key = names.name_key(self.name)
        # No league yet (the admin's form for a new player): that field says a league is needed.
        league = self.league_id
        other = (
            Player._base_manager.filter(league_id=league, name_key=self.name_key)
            .exclude(pk=self.pk)
            .first()
        )
        if other is not None:
            raise ValidationError(
                {
                    "name": ValidationError(
                        _("“%(name)s” is already the name of the player %(other)s."),
                        code="duplicate_name",
                        params={"name": self.name, "other": other.name},
                    )
                }
            )
