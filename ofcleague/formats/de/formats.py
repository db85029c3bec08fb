# The league prints dates as "Freitag, 24.07.2020" and times as "19.00 Uhr".
DATE_FORMAT = "l, d.m.Y"
SHORT_DATE_FORMAT = "d.m.Y"
TIME_FORMAT = "H.i"
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3
