"""Before the evening: the players' personal links, their answers to an announced evening and
the waitlist, the reminders sent, and the calendar feeds."""
