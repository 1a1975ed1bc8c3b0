package dev.lockkey.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The extension as a user's test class meets it: each sample class below runs in an engine of its
 * own (EngineTestKit), and this test looks at how its tests ended and what they were handed.
 * The samples are nested classes, which the build's test run does not pick up by themselves.
 */
@Timeout(value = 2, unit = TimeUnit.MINUTES)
class LockKeyExtensionTest {
  /** What the samples saw, by the name of what they saw it in. */
  private static final Map<String, Object> SEEN = new ConcurrentHashMap<>();

  @BeforeEach
  void forget() {
    SEEN.clear();
  }

  @Test
  void everyTestGetsAKeySpaceOfItsOwnSharedWithItsBeforeEachAndAClientThatIsClosedAfterIt() {
    Events tests = run(KeyspacePerTest.class);

    tests.assertStatistics(stats -> stats.succeeded(2).failed(0));
    assertThat(SEEN.get("first")).isNotEqualTo(SEEN.get("second"));
    assertThat((String) SEEN.get("first")).matches("first-[0-9a-f]{8}");
    assertThat(SEEN.get("before first")).isEqualTo(SEEN.get("first"));
    assertThatThrownBy(() -> ((RedisClient) SEEN.get("client of second")).ping()).isInstanceOf(JedisException.class);
  }

  @Test
  void aTestThatLeavesALockFailsNamingTheKeyWithoutItsValues() {
    Events tests = run(LeavesALock.class);

    tests.assertStatistics(stats -> stats.succeeded(1).failed(1));
    Throwable failure = failureOf(tests, "leavesALock");
    String env = (String) SEEN.get("leavesALock");
    assertThat(failure).isInstanceOf(AssertionError.class)
        .hasMessageContaining("left 1 lock(s)")
        .hasMessageContaining("lock:" + env + ":{payment:capture:v1:...} #")
        .hasMessageNotContaining("t42")
        .hasMessageNotContaining("98765");
  }

  @Test
  void onlyTheListedPurposesCountAsLocks() {
    Events tests = run(LeavesFlightLock.class);

    tests.assertStatistics(stats -> stats.succeeded(1).failed(1));
    assertThat(failureOf(tests, "leavesAFlightLock")).hasMessageContaining("flight:");
  }

  @Test
  void aServerOfTheTestsOwnTakesFaultsAndIsStoppedAfterTheTestWhileTheSharedOneRefusesThem() {
    Events tests = run(OwnServer.class);

    tests.assertStatistics(stats -> stats.succeeded(2).failed(0));
    int port = (Integer) SEEN.get("own port");
    assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(IOException.class);
    assertThat((Throwable) SEEN.get("shared node")).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Isolation.SERVER");
  }

  @Test
  void aNestedClassTakesTheSettingsOfTheClassItSitsIn() {
    Events tests = run(OuterSettings.class);

    tests.assertStatistics(stats -> stats.succeeded(1).failed(0));
    assertThat(SEEN.get("nested owns its server")).isEqualTo(true);
  }

  @Test
  void aClientThroughAProxyCanBeCutOffAloneAndTheProxyIsClosedAfterTheTest() {
    Events tests = run(Proxied.class);

    tests.assertStatistics(stats -> stats.succeeded(1).failed(0));
    assertThat(SEEN.get("cut off")).isInstanceOf(JedisException.class);
    int port = (Integer) SEEN.get("proxy port");
    assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(IOException.class);
  }

  @Test
  void whatABeforeAllMethodGetsBelongsToTheClassAndIsCheckedAfterAllItsTests() {
    Events all = EngineTestKit.engine("junit-jupiter").selectors(selectClass(ClassWide.class)).execute()
        .containerEvents();

    Throwable failure = all.failed().stream().map(LockKeyExtensionTest::throwable).findFirst().orElseThrow();
    assertThat(failure).hasMessageContaining("lock:" + SEEN.get("class env") + ":{");
    assertThat((String) SEEN.get("class env")).startsWith("classwide-");
  }

  @Test
  void aClusterTestGetsTheSharedClusterAndItsLocksAreFoundOnEveryMaster() {
    Events tests = run(ClusterLeavesLocks.class);

    tests.assertStatistics(stats -> stats.succeeded(0).failed(1));
    assertThat(failureOf(tests, "leavesLocksOnTwoSlots")).hasMessageContaining("left 2 lock(s)");
  }

  @Test
  void aReplicationPairIsTheTestsOwnAndStoppedAfterIt() {
    Events tests = run(Replicated.class);

    tests.assertStatistics(stats -> stats.succeeded(1).failed(0));
    for (String node : List.of("primary port", "replica port")) {
      int port = (Integer) SEEN.get(node);
      assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(IOException.class);
    }
  }

  private static Events run(Class<?> sample) {
    return EngineTestKit.engine("junit-jupiter").selectors(selectClass(sample)).execute().testEvents();
  }

  private static Throwable failureOf(Events tests, String method) {
    return tests.failed().stream()
        .filter(event -> event.getTestDescriptor().getDisplayName().startsWith(method))
        .map(LockKeyExtensionTest::throwable)
        .findFirst()
        .orElseThrow(() -> new AssertionError(method + " did not fail"));
  }

  private static Throwable throwable(Event event) {
    return event.getPayload(org.junit.platform.engine.TestExecutionResult.class).orElseThrow().getThrowable()
        .orElseThrow();
  }

  @ExtendWith(LockKeyExtension.class)
  static class KeyspacePerTest {
    @BeforeEach
    void before(TestRedis redis, org.junit.jupiter.api.TestInfo info) {
      SEEN.put("before " + info.getTestMethod().orElseThrow().getName(), redis.env());
    }

    @Test
    void first(TestRedis redis) {
      SEEN.put("first", redis.env());
      redis.newClient().set("lock-free:" + redis.env(), "not a lock");
    }

    @Test
    void second(TestRedis redis) {
      SEEN.put("second", redis.env());
      RedisClient client = redis.newClient();
      client.ping();
      SEEN.put("client of second", client);
    }
  }

  @LockKeyTest
  static class LeavesALock {
    @Test
    void leavesALock(TestRedis redis) {
      SEEN.put("leavesALock", redis.env());
      redis.newClient().set("lock:" + redis.env() + ":{payment:capture:v1:t42:98765}", "owner");
    }

    @Test
    void leavesOnlyAFence(TestRedis redis) {
      redis.newClient().set("fence:" + redis.env() + ":{payment:capture:v1:t42:98765}", "17");
    }
  }

  @LockKeyTest(leftoverLocks = {"lock", "flight"})
  static class LeavesFlightLock {
    @Test
    void leavesAFlightLock(TestRedis redis) {
      redis.newClient().set("flight:" + redis.env() + ":{document:summary:v1:acme}", "owner");
    }

    @Test
    @LockKeyTest(leftoverLocks = {})
    void mayLeaveOneWhenItSaysSo(TestRedis redis) {
      redis.newClient().set("lock:" + redis.env() + ":{document:summary:v1:acme}", "owner");
    }
  }

  @LockKeyTest
  static class OwnServer {
    @Test
    @LockKeyTest(isolation = Isolation.SERVER)
    void pausesItsOwnServer(TestRedis redis) {
      SEEN.put("own port", redis.fixture().port());
      RedisNode node = redis.node();
      node.pause();
      node.resume();
      node.kill(); // a test may leave its own server down: the check skips it
    }

    @Test
    void mayNotHarmTheSharedOne(TestRedis redis) {
      assertThat(redis.ownsServer()).isFalse();
      SEEN.put("shared node", catchThrowable(redis::node));
    }
  }

  @LockKeyTest(isolation = Isolation.SERVER)
  static class OuterSettings {
    @Nested
    class Inner {
      @Test
      void inheritsTheOuterSettings(TestRedis redis) {
        SEEN.put("nested owns its server", redis.ownsServer());
      }
    }
  }

  @LockKeyTest
  static class Proxied {
    @Test
    void cutsOneClientOff(TestRedis redis) {
      TcpProxy proxy = redis.newProxy();
      SEEN.put("proxy port", proxy.port());
      RedisClient cable = redis.newClient(proxy, java.time.Duration.ofSeconds(2), java.time.Duration.ofMillis(300));
      assertThat(cable.ping()).isEqualTo("PONG");
      proxy.blackHole();
      SEEN.put("cut off", catchThrowable(cable::ping));
      assertThat(redis.newClient().ping()).isEqualTo("PONG");
    }
  }

  @LockKeyTest
  static class ClassWide {
    @BeforeAll
    static void setUp(TestRedis redis) {
      SEEN.put("class env", redis.env());
      redis.newClient().set("lock:" + redis.env() + ":{payment:capture:v1:class}", "owner");
    }

    @Test
    void runs() {
      // the class's lock is still there during its tests, and found after the last one
    }
  }

  @LockKeyTest
  static class ClusterLeavesLocks {
    @Test
    void leavesLocksOnTwoSlots(TestCluster cluster) {
      var client = cluster.newClient();
      client.set("lock:" + cluster.env() + ":{payment:capture:v1:a}", "owner");
      client.set("lock:" + cluster.env() + ":{payment:capture:v1:b}", "owner");
    }
  }

  @LockKeyTest
  static class Replicated {
    @Test
    void failsOver(RedisReplicationFixture pair) {
      SEEN.put("primary port", pair.primary().port());
      SEEN.put("replica port", pair.replica().port());
      pair.primary().kill();
      assertThat(pair.promoteReplica().info("replication")).contains("role:master");
    }
  }

  private static Throwable catchThrowable(Runnable action) {
    try {
      action.run();
      return null;
    } catch (RuntimeException e) {
      return e;
    }
  }
}
