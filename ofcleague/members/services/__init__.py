"""The members' writes: invites, joining, roles, claims, and the mails of a claim."""
