"""Installing manoled as a user service: systemd units and launchd plists, rendered and installed."""
