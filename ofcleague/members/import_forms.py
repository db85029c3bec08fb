"""The forms of the import page: a file or pasted text, and the field of each column."""

from __future__ import annotations

import io

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import InMemoryUploadedFile
from django.core.files.uploadhandler import FileUploadHandler
from django.utils.translation import gettext_lazy as _

from ofcleague.imports import bounds
from ofcleague.imports.steps import file_problem, text_problem
from ofcleague.web.form_errors import ErrorSummaryMixin

#: The rounds a column can be mapped to.
MAX_ROUNDS = 10


class BoundedUploadHandler(FileUploadHandler):
    """The import page's upload: at most one byte past the size limit is kept (in memory,
    for all files of the request together); the rest is read and counted, never stored, so
    the form can say how large the file was without a large one filling memory or disk."""

    def __init__(self, request=None):
        super().__init__(request)
        self.kept_in_request = 0

    def new_file(self, *args, **kwargs):
        super().new_file(*args, **kwargs)
        self.kept, self.size = io.BytesIO(), 0

    def receive_data_chunk(self, raw_data, start):
        self.size += len(raw_data)
        room = bounds.MAX_BYTES + 1 - self.kept_in_request
        if room > 0:
            self.kept.write(raw_data[:room])
            self.kept_in_request += min(room, len(raw_data))
        return None

    def file_complete(self, file_size):
        self.kept.seek(0)
        return InMemoryUploadedFile(
            self.kept, self.field_name, self.file_name, self.content_type, self.size,
            self.charset, self.content_type_extra,
        )  # fmt: skip


class SourceForm(ErrorSummaryMixin, forms.Form):
    """A CSV or Excel file, or the results text as the league printed it."""

    file = forms.FileField(
        label=_("A CSV or Excel file (.csv, .xlsx)"),
        required=False,
        allow_empty_file=True,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx,.txt"}),
    )
    text = forms.CharField(
        label=_("Or paste the results text"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
        help_text=_("As printed: a line with the date, then the buy-in, then 1. Name 2. Name …"),
    )

    def clean(self):
        data = super().clean()
        upload, text = data.get("file"), (data.get("text") or "").strip()
        if upload and text:
            raise ValidationError(_("Give a file or pasted text, not both."), code="both")
        if not upload and not text:
            raise ValidationError(_("Choose a file or paste the results text."), code="none")
        if upload:
            if problem := bounds.size_problem(upload.size):
                self.add_error("file", problem)
                return data
            content = upload.read(bounds.MAX_BYTES + 1)
            problem = file_problem(content, upload.name or "")
            if problem:
                self.add_error("file", problem)
            data["content"], data["filename"] = content, upload.name or ""
        elif problem := text_problem(text):
            self.add_error("text", problem)
        return data


def field_choices():
    choices = [
        ("", _("leave out")),
        ("date", _("date")),
        ("start_time", _("start time")),
        ("player", _("player")),
        ("place", _("place")),
    ]
    choices += [(f"round{n}", _("points round %(n)d") % {"n": n}) for n in range(1, MAX_ROUNDS + 1)]
    choices += [
        ("total", _("points (total)")),
        ("prize", _("prize")),
        ("buy_in", _("buy-in")),
        ("variant", _("variant")),
        ("rounds", _("rounds")),
        ("hands_per_round", _("hands per round")),
    ]
    return choices


class ColumnsForm(ErrorSummaryMixin, forms.Form):
    """The field of every column of the file (``col_0``, ``col_1`` …), labelled by its header."""

    def __init__(self, *args, headers=(), fields=None, unrecognised=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.headers = list(headers)
        fields = fields or {}
        for index, header in enumerate(self.headers):
            self.fields[f"col_{index}"] = forms.ChoiceField(
                label=header or _("Column %(n)d") % {"n": index + 1},
                choices=field_choices(),
                required=False,
                initial=fields.get(header) or "",
                help_text=_("Not recognised: choose what it holds, or leave it out.")
                if header in unrecognised
                else "",
            )

    def clean(self):
        data = super().clean()
        chosen = [data.get(f"col_{i}") for i in range(len(self.headers))]
        picked = [field for field in chosen if field]
        for field in sorted({f for f in picked if picked.count(f) > 1}):
            label = dict(field_choices())[field]
            self.add_error(None, _("Only one column can be “%(field)s”.") % {"field": label})
        for field, label in (("date", _("date")), ("player", _("player")), ("place", _("place"))):
            if field not in picked:
                self.add_error(None, _("Choose the column of the %(field)s.") % {"field": label})
        return data

    def mapping(self) -> dict[str, str]:
        return {
            header: self.cleaned_data.get(f"col_{index}") or ""
            for index, header in enumerate(self.headers)
        }
