package dev.lockkey.compat;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a class file names in Jedis: the classes, methods and fields of {@code redis.clients.jedis}
 * in its constant pool, which the JVM links when the code runs. Read from the bytes (JVMS 4.4), so
 * that code compiled against one Jedis can be checked against another without running it.
 */
final class JedisReferences {
  private static final String JEDIS = "redis/clients/jedis/";

  /**
   * A symbolic reference.
   *
   * @param kind {@code class}, {@code field} or {@code method}
   * @param owner the internal class name, e.g. {@code redis/clients/jedis/params/SetParams}
   * @param name the member's name ({@code <init>} for constructors), empty for a class
   * @param descriptor the member's descriptor, empty for a class
   */
  record Reference(String kind, String owner, String name, String descriptor) {
    @Override
    public String toString() {
      return kind.equals("class") ? owner.replace('/', '.') : owner.replace('/', '.') + "." + name + descriptor;
    }
  }

  private JedisReferences() {}

  /** The Jedis references in one class file. */
  static List<Reference> in(byte[] classFile) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
    if (in.readInt() != 0xCAFEBABE) {
      throw new IOException("not a class file");
    }
    in.readUnsignedShort(); // minor
    in.readUnsignedShort(); // major
    int count = in.readUnsignedShort();
    Object[] pool = new Object[count];
    int[][] links = new int[count][];
    byte[] tags = new byte[count];
    for (int i = 1; i < count; i++) {
      tags[i] = in.readByte();
      switch (tags[i]) {
        case 1 -> pool[i] = in.readUTF();
        case 3, 4 -> in.readInt();
        case 5, 6 -> {
          in.readLong();
          i++; // a long or double takes two entries
        }
        case 7, 8, 16, 19, 20 -> links[i] = new int[] {in.readUnsignedShort()};
        case 9, 10, 11, 12, 17, 18 -> links[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
        case 15 -> {
          in.readUnsignedByte();
          links[i] = new int[] {in.readUnsignedShort()};
        }
        default -> throw new IOException("unknown constant pool tag " + tags[i] + " at " + i);
      }
    }
    List<Reference> references = new ArrayList<>();
    for (int i = 1; i < count; i++) {
      if (tags[i] == 7) {
        String owner = (String) pool[links[i][0]];
        if (owner.startsWith(JEDIS)) {
          references.add(new Reference("class", owner, "", ""));
        }
      } else if (tags[i] == 9 || tags[i] == 10 || tags[i] == 11) {
        String owner = (String) pool[links[links[i][0]][0]];
        int[] nameAndType = links[links[i][1]];
        if (owner.startsWith(JEDIS)) {
          references.add(new Reference(tags[i] == 9 ? "field" : "method", owner,
              (String) pool[nameAndType[0]], (String) pool[nameAndType[1]]));
        }
      }
    }
    return references;
  }
}
