package dev.lockkey.spring.job;

import dev.lockkey.LockKeySpec;
import dev.lockkey.OneResource;

/** The one report job every instance schedules. */
@OneResource
@LockKeySpec(domain = "report", action = "tick")
public interface ReportTick {}
