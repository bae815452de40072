"""``python -m manole_client``."""

import sys

from .cli import main

sys.exit(main())
