"""A service's refusal on the form that asked for the write, and every problem of a form for
the summary at the top of its page (every page with a form uses them)."""

from typing import Any

from django.core.exceptions import ValidationError

from ofcleague.web.form_mixin import FormMixin


def add_service_errors(form, error: ValidationError) -> None:
    """Put a service's ValidationError on the form: each message next to the field it names
    where the form has that field, else above the form; the input stays as typed."""
    if hasattr(error, "error_dict"):
        for name, errors in error.error_dict.items():
            form.add_error(name if name in form.fields else None, errors)
    else:
        form.add_error(None, error)


class ErrorSummaryMixin(FormMixin):
    """Every problem of a form as (anchor, message) for the summary at the top of the page,
    each field's messages linked to the field, in the order the page shows the fields."""

    def error_anchor(self, message) -> str | None:
        """The id a form-wide message points at (none by default)."""
        return None

    def error_summary(self) -> list[tuple[str | None, Any]]:
        items = [(self.error_anchor(message), message) for message in self.non_field_errors()]
        for bound in self:
            for message in bound.errors:
                if bound.is_hidden:
                    items.append((None, message))
                else:
                    anchor = bound.id_for_label or f"{bound.auto_id}_0"
                    items.append((anchor, f"{bound.label}: {message}"))
        return items
