"""Building an attack as a player does: presets and squads, starting boards, field edits,
and whether the setup is legal yet (with each aim's reach for the board)."""
