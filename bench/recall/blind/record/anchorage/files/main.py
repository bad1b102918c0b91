from anchorage.cli import main

raise SystemExit(main())
