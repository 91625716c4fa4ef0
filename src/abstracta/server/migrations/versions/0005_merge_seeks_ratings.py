"""Join the two branches from 0002: seeks and chat (0003) and ratings (0004), written side by side.

Nothing to change: each of them leaves ``games.rated`` as the other would. A database at 0003 gets
0004 here, one at 0004 gets 0003, one at 0002 or older gets both.

Revision ID: 0005
Revises: 0003, 0004
"""

from __future__ import annotations

revision = "0005"
down_revision = ("0003", "0004")
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
