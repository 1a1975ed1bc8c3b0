package dev.lockkey.observe;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command line of {@link KeyDecoder}, for an operator with a key from Redis:
 *
 * <pre>
 * java -cp "app.jar:lib/*" dev.lockkey.observe.DecodeKey 'lock:prod:{payment:capture:v1:t42:98765}'
 * redis-cli --scan --pattern 'lock:prod:*' | java -cp "app.jar:lib/*" dev.lockkey.observe.DecodeKey
 * java -cp lockkey-core.jar dev.lockkey.observe.DecodeKey --manifests src/lockkey-baseline KEY...
 * </pre>
 *
 * <p>Keys come as arguments, or else one per line on standard input. The specs come from the
 * class path, or with {@code --manifests} from a directory of manifests. Prints one report per
 * key ({@link DecodedKey#toString()}); exits with 0 when every key was decoded, 1 when one was
 * not, 2 on wrong usage.
 */
public final class DecodeKey {
  private static final String MANIFESTS = "--manifests";
  private static final int ALL_DECODED = 0;
  private static final int SOME_NOT_DECODED = 1;
  private static final int USAGE = 2;

  private DecodeKey() {}

  /**
   * Decodes the keys given as arguments or on standard input; see the class description.
   *
   * @param args keys to decode; none to read them from standard input, one per line
   */
  public static void main(String[] args) {
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    System.exit(run(args, in, System.out));
  }

  /** {@link #main} without exiting: the exit status. */
  static int run(String[] args, BufferedReader in, PrintStream out) {
    List<String> keys = new ArrayList<>(Arrays.asList(args));
    KeyDecoder decoder;
    if (!keys.isEmpty() && keys.get(0).equals(MANIFESTS)) {
      if (keys.size() < 2) {
        out.println("usage: DecodeKey [--manifests <directory>] [key...]  (keys on standard input if none given)");
        return USAGE;
      }
      decoder = KeyDecoder.fromManifests(Path.of(keys.get(1)));
      keys = keys.subList(2, keys.size());
    } else {
      decoder = KeyDecoder.fromClasspath();
    }
    if (keys.isEmpty()) {
      keys = in.lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
    }
    int status = ALL_DECODED;
    for (String key : keys) {
      DecodedKey decoded = decoder.decode(key);
      out.println(decoded);
      out.println();
      if (!decoded.isDecoded()) {
        status = SOME_NOT_DECODED;
      }
    }
    return status;
  }
}
