package dev.lockkey.reliability.specs;

import dev.lockkey.LockKeySpec;

/** Adjusting the stock of one SKU in one warehouse: the key every lock workload here takes. */
@LockKeySpec(domain = "stock", action = "adjust")
public interface StockAdjustment {
  String warehouse();

  long sku();
}
