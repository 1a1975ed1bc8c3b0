package dev.lockkey.processor.guards;

import dev.lockkey.LockKeySpec;
import dev.lockkey.OneResource;

/** The one report job of {@link Reports}. */
@OneResource
@LockKeySpec(domain = "report", action = "run")
public interface ReportRun {}
