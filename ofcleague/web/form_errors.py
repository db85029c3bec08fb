"""A service's refusal on the form that asked for the write (every page with a form uses it)."""

from django.core.exceptions import ValidationError


def add_service_errors(form, error: ValidationError) -> None:
    """Put a service's ValidationError on the form: each message next to the field it names
    where the form has that field, else above the form; the input stays as typed."""
    if hasattr(error, "error_dict"):
        for name, errors in error.error_dict.items():
            form.add_error(name if name in form.fields else None, errors)
    else:
        form.add_error(None, error)
