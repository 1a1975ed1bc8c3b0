package dev.lockkey.spring;

import dev.lockkey.LockKeySpec;

/** The spec the starter's tests lock and decode; the processor writes its key and layout manifest. */
@LockKeySpec(domain = "shipment", action = "dispatch")
public interface ShipmentDispatch {
  String tenant();

  long shipmentId();
}
