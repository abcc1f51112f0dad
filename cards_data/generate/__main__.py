"""``python -m cards_data.generate``: see ``cards_data.generate``."""

import sys

from . import main

sys.exit(main())
