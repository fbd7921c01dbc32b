"""``python -m doria_nb.bench``."""

import sys

from doria_nb.bench import main

sys.exit(main())
