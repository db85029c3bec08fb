# English pages print dates day-first, never month-first (a league reads "11/12/2026" one
# way only): "Friday, 11 December 2026", "11/12/2026 19:00", "19:00".
DATE_FORMAT = "l, j F Y"
SHORT_DATE_FORMAT = "d/m/Y"
DATETIME_FORMAT = "l, j F Y, H:i"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
MONTH_DAY_FORMAT = "j F"
YEAR_MONTH_FORMAT = "F Y"
TIME_FORMAT = "H:i"
DATE_INPUT_FORMATS = ["%Y-%m-%d", "%d/%m/%Y", "%d/%m/%y", "%d.%m.%Y"]
DATETIME_INPUT_FORMATS = [
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%d %H:%M",
    "%Y-%m-%dT%H:%M",
    "%d/%m/%Y %H:%M",
    "%d/%m/%y %H:%M",
]
DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
