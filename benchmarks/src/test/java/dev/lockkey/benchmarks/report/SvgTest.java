package dev.lockkey.benchmarks.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

/** The pictures are well-formed SVG with one mark per measured value, unmeasured ones left out. */
class SvgTest {
  @Test
  void linesAndBarsAreWellFormedAndLeaveOutWhatWasNotMeasured() throws Exception {
    Map<String, List<Double>> series = new LinkedHashMap<>();
    series.put("lockkey <local>", List.of(4e6, 3e6, 1e6));
    series.put("bucket4j", List.of(300.0, Double.NaN, 45_000.0));

    Document lines = parse(Svg.lines("decisions & more", "decisions/s", List.of("1", "8", "32"), series, true));
    Document bars = parse(Svg.bars("commands", "commands", List.of("1", "8", "32"), series, false));

    assertThat(lines.getDocumentElement().getTagName()).isEqualTo("svg");
    assertThat(lines.getElementsByTagName("circle").getLength()).isEqualTo(5);
    assertThat(lines.getElementsByTagName("polyline").getLength()).isEqualTo(2);
    assertThat(bars.getElementsByTagName("title").getLength()).isEqualTo(5);
  }

  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }
}
