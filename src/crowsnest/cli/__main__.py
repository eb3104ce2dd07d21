"""``python -m crowsnest.cli``: the ``crowsnest`` command."""

import sys

from crowsnest.cli import main

sys.exit(main())
