"""Two hands of boards for four players (house rules) and the first three of them (a
Pineapple table)."""

# Seat 1 makes QQ in the front: Fantasyland with 14 cards. Seat 2 fouls.
ENTERS = [
    ("Qh Qd 2c", "Kh Kd 3c 4c 5c", "Ah Ad 6c 7c 9c"),
    ("As Ks Jh", "2d 3d 4h 6h 8h", "Th Td Ts 4s 5s"),
    ("2s 3s 4d", "5h 6s 7s 8s 9d", "Jc Qc Kc 8c Tc"),
    ("2h 3h 5d", "7h 7d 9h 6d 8d", "Js Qs Jd Ac 9s"),
]
ENTERS_POINTS = [24, -33, 25, -16]
#: The first three boards at a Pineapple table.
ENTERS_THREE_POINTS = [11, -27, 16]

# Seat 1 makes trips in the front: stays in Fantasyland (14 cards).
STAYS = [
    ("9h 9d 9s", "Kh Kd Kc 4c 5c", "Ah Ad As Ac 2c"),
    ("Qs Js 2h", "2d 3d 4h 6h 8h", "Tc Td Ts 4s 5s"),
    ("2s 3s 4d", "5h 6s 7s 8s 9c", "Jc Qc 8c 7c 3c"),
    ("3h 5d 6d", "7h 7d Th 8d 6c", "Jh Qh Jd Qd Ks"),
]
STAYS_POINTS = [92, -55, 1, -38]
#: The first three boards at a Pineapple table, seat 1 dealt 14 cards in Fantasyland.
STAYS_THREE_POINTS = [57, -49, -8]
