package dev.lockkey.examples.spring;

import dev.lockkey.CaseInsensitive;
import dev.lockkey.LockKeySpec;

/** An exchange-rate quote: asked for by many requests at once, fetched upstream once. */
@LockKeySpec(domain = "fx", action = "quote")
public interface FxQuote {
  @CaseInsensitive
  String from();

  @CaseInsensitive
  String to();
}
