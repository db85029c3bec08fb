"""Importing a league's history: pasted results text and CSV/Excel files read into plain rows,
checked into a preview of the evenings they make. Pure: no database, no models."""
