package dev.lockkey.examples.specs;

/** How a notification reaches its receiver. */
public enum Channel {
  EMAIL,
  SMS,
  PUSH
}
