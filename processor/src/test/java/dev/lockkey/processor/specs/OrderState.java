package dev.lockkey.processor.specs;

import dev.lockkey.CaseInsensitive;
import dev.lockkey.LockKeySpec;

/** The contract's NFC and case golden spec: {@code order:state:v2:Café:äbc}. */
@LockKeySpec(domain = "order", action = "state", version = 2)
public interface OrderState {
  String name();

  @CaseInsensitive
  String code();
}
