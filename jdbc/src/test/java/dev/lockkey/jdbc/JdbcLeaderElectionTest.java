package dev.lockkey.jdbc;

import dev.lockkey.leader.LeaderElectionContract;
import dev.lockkey.lock.LockBackendContract.StoreOutage;

/** Leader election on PostgreSQL, each candidate's pool behind a TCP proxy of its own. */
class JdbcLeaderElectionTest extends LeaderElectionContract {
  private static final TestPostgres postgres = TestPostgres.shared();

  @Override
  protected StoreOutage storeOutage() {
    return ProxiedPostgresOutage.of(postgres);
  }
}
