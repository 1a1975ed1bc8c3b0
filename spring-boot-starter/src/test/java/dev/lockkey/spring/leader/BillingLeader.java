package dev.lockkey.spring.leader;

import dev.lockkey.LockKeySpec;
import dev.lockkey.OneResource;

/** The leadership of the billing service. */
@OneResource
@LockKeySpec(domain = "billing", action = "leader")
public interface BillingLeader {}
