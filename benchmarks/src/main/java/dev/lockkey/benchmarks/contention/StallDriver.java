package dev.lockkey.benchmarks.contention;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisMonitor;
import redis.clients.jedis.RedisClient;
import redis.clients.jedis.resps.Tuple;

/**
 * A stress driver for liveness across processes (not a benchmark, not a test): runs the
 * cross-process contention of the suite round after round ({@link StallWorker}: 4 worker JVMs x 2
 * threads on one key, all pinned to CPU 0 with {@code taskset}, as the suite's pinned placement
 * does; redis-server is expected on CPU 1), and when a worker reports a thread waiting longer than
 * the threshold, dumps at once the Redis state of the key (lock owner and PTTL, fence, contention
 * marker, the waiter queue with its entries' ends), the worker's own stacks, stats and local queues,
 * and every worker's {@code jstack}; a round with a stall or a timeout also keeps the server's
 * {@code MONITOR} trace of the round (every script and the commands inside it). Prints one line per
 * round and a total of timeouts and stalls.
 *
 * <p>Arguments: redis-port rounds [millis-per-round [stall-millis [out-dir [cpu-list]]]]. The
 * redis-server on that port is started and pinned (to CPU 1, say) by the caller, e.g.:
 *
 * <pre>
 * mvn -o -q -pl benchmarks -am -DskipTests package dependency:build-classpath -Dmdep.outputFile=/tmp/cp.txt
 * taskset -c 1 redis-server --port 16399 --save "" --daemonize yes
 * taskset -c 0 java -cp benchmarks/target/classes:$(cat /tmp/cp.txt) \
 *     dev.lockkey.benchmarks.contention.StallDriver 16399 100 4000 3000 /tmp/stall 0
 * </pre>
 */
public final class StallDriver {
  private StallDriver() {}

  public static void main(String[] args) throws Exception {
    int port = Integer.parseInt(args[0]);
    int rounds = Integer.parseInt(args[1]);
    long millis = args.length > 2 ? Long.parseLong(args[2]) : 4000;
    long stallMillis = args.length > 3 ? Long.parseLong(args[3]) : 3000;
    Path out = Path.of(args.length > 4 ? args[4] : "target/stall");
    String cpus = args.length > 5 ? args[5] : "0";
    Files.createDirectories(out);
    long totalTimeouts = 0;
    int totalStalls = 0;
    int roundsWithTimeouts = 0;
    try (RedisClient jedis = RedisClient.create("127.0.0.1", port)) {
      for (int round = 0; round < rounds; round++) {
        String key = "stall-" + ProcessHandle.current().pid() + "-" + round;
        List<Process> workers = new ArrayList<>();
        List<BufferedReader> outputs = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
          List<String> command = new ArrayList<>(List.of("taskset", "--cpu-list", cpus,
              Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-XX:+UseSerialGC",
              "-cp", System.getProperty("java.class.path"), StallWorker.class.getName(), "127.0.0.1",
              Integer.toString(port), key, "2", Long.toString(millis), "p" + i, Long.toString(stallMillis)));
          Process worker = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
          workers.add(worker);
          outputs.add(new BufferedReader(new InputStreamReader(worker.getInputStream(), StandardCharsets.UTF_8)));
        }
        for (BufferedReader output : outputs) {
          String line = output.readLine();
          if (!"READY".equals(line)) {
            throw new IllegalStateException("a worker did not get ready: " + line);
          }
        }
        StringBuffer trace = new StringBuffer();
        Jedis monitor = new Jedis("127.0.0.1", port);
        Thread monitoring = new Thread(() -> {
          try {
            monitor.monitor(new JedisMonitor() {
              @Override
              public void onCommand(String command) {
                trace.append(command).append('\n');
              }
            });
          } catch (RuntimeException closed) {
            // the round is over
          }
        });
        monitoring.setDaemon(true);
        monitoring.start();
        Thread.sleep(200);
        jedis.set(key + ":start", "go");
        StringBuilder summary = new StringBuilder();
        List<Thread> readers = new ArrayList<>();
        long[] roundTimeouts = new long[1];
        int[] roundStalls = new int[1];
        for (int i = 0; i < 4; i++) {
          BufferedReader output = outputs.get(i);
          int round0 = round;
          Thread reader = new Thread(() -> {
            try {
              String line;
              while ((line = output.readLine()) != null) {
                if (line.startsWith("STALL")) {
                  StringBuilder report = new StringBuilder(line).append('\n');
                  report.append(redisState(port, key));
                  report.append(jstacks(workers));
                  String stack;
                  while ((stack = output.readLine()) != null && !stack.equals("END")) {
                    report.append(stack).append('\n');
                  }
                  Path file = out.resolve("round-" + round0 + "-" + System.nanoTime() + ".txt");
                  Files.writeString(file, report);
                  synchronized (roundStalls) {
                    roundStalls[0]++;
                  }
                  System.out.println("  " + line + " -> " + file);
                } else if (line.startsWith("DONE")) {
                  synchronized (summary) {
                    summary.append(line.substring(5)).append(" | ");
                    String[] words = line.split(" ");
                    roundTimeouts[0] += Long.parseLong(words[5]);
                  }
                }
              }
            } catch (IOException e) {
              throw new IllegalStateException(e);
            }
          });
          reader.start();
          readers.add(reader);
        }
        for (Process worker : workers) {
          if (!worker.waitFor(millis + 60_000, TimeUnit.MILLISECONDS)) {
            System.out.println("  a worker hangs: " + jstacks(workers));
          }
        }
        for (Thread reader : readers) {
          reader.join(60_000);
        }
        workers.forEach(Process::destroyForcibly);
        long timeouts;
        int stalls;
        synchronized (summary) {
          timeouts = roundTimeouts[0];
        }
        synchronized (roundStalls) {
          stalls = roundStalls[0];
        }
        monitor.disconnect();
        if (stalls > 0 || timeouts > 0) {
          Path file = out.resolve("round-" + round + "-monitor.txt");
          Files.writeString(file, trace);
          System.out.println("  monitor trace -> " + file);
        }
        totalTimeouts += timeouts;
        totalStalls += stalls;
        roundsWithTimeouts += timeouts > 0 ? 1 : 0;
        System.out.println("round " + round + ": timeouts " + timeouts + ", stalls " + stalls + " | " + summary);
        System.out.flush();
      }
    }
    System.out.println("TOTAL rounds " + rounds + ", timeouts " + totalTimeouts + " (in " + roundsWithTimeouts
        + " rounds), stalls over " + stallMillis + " ms " + totalStalls);
    System.exit(0);
  }

  /** Every key of the run's lock and its state, read at once (one MULTI would not see PTTLs any better). */
  private static String redisState(int port, String key) {
    StringBuilder state = new StringBuilder("REDIS STATE\n");
    try (RedisClient jedis = RedisClient.create("127.0.0.1", port)) {
      state.append("  TIME ").append(jedis.eval("local t = redis.call('TIME') return t[1] .. string.format('%06d', tonumber(t[2]))")).append('\n');
      for (String name : jedis.keys("*" + key + "*")) {
        String type = jedis.type(name);
        state.append("  ").append(name).append(" [").append(type).append(", pttl ").append(jedis.pttl(name))
            .append("] ");
        switch (type) {
          case "string" -> state.append(jedis.get(name));
          case "zset" -> {
            for (Tuple tuple : jedis.zrangeWithScores(name, 0, -1)) {
              state.append(tuple.getElement()).append('=').append((long) tuple.getScore()).append(' ');
            }
          }
          case "hash" -> {
            for (Map.Entry<String, String> field : jedis.hgetAll(name).entrySet()) {
              state.append(field.getKey()).append('=').append(field.getValue()).append(' ');
            }
          }
          default -> state.append('?');
        }
        state.append('\n');
      }
    } catch (RuntimeException e) {
      state.append("  failed: ").append(e).append('\n');
    }
    return state.toString();
  }

  private static String jstacks(List<Process> workers) {
    StringBuilder stacks = new StringBuilder();
    for (Process worker : workers) {
      if (!worker.isAlive()) {
        continue;
      }
      try {
        Process jstack = new ProcessBuilder("jstack", Long.toString(worker.pid())).redirectErrorStream(true).start();
        String text = new String(jstack.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        jstack.waitFor(20, TimeUnit.SECONDS);
        stacks.append("JSTACK ").append(worker.pid()).append('\n');
        for (String line : text.split("\n")) {
          if (line.contains("loop-") || line.contains("lockkey") || line.startsWith("\tat dev.lockkey")
              || line.startsWith("\tat java.util.concurrent.locks.LockSupport")) {
            stacks.append(line).append('\n');
          }
        }
      } catch (IOException | InterruptedException e) {
        stacks.append("jstack failed: ").append(e).append('\n');
      }
    }
    return stacks.toString();
  }
}
