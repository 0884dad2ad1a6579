#include "render/net_graph_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "render/palette.hpp"

namespace spear::client {
namespace {

struct SeriesLook {
  NetPlotSeries series;
  const char* label;
  const char* unit;
  float floor_max;  // the plot's scale never drops below this (a quiet line stays low)
  sf::Color colour;
};

constexpr int kCols = 3;
constexpr float kPlotW = 150.f, kPlotH = 40.f, kPad = 12.f, kTitleH = 20.f;

const SeriesLook kLooks[kNetPlotSeriesCount] = {
    {NetPlotSeries::Ping, "ping", "ms", 50.f, {255, 190, 110}},
    {NetPlotSeries::SnapshotGap, "arrival gap", "ms", 50.f, {140, 210, 255}},
    {NetPlotSeries::Loss, "loss", "%", 5.f, {255, 110, 110}},
    {NetPlotSeries::BytesIn, "in", "kB/s", 4096.f, {150, 230, 150}},
    {NetPlotSeries::BytesOut, "out", "kB/s", 1024.f, {200, 170, 255}},
    {NetPlotSeries::InterpDelay, "interp delay", "ms", 100.f, {255, 230, 140}},
};

std::string format_value(const SeriesLook& look, const NetPlotSample& sample) {
  const float v = series_value(sample, look.series);
  char buf[64];
  if (look.series == NetPlotSeries::Ping && sample.ping_ms < 0.f) {
    std::snprintf(buf, sizeof buf, "%s \u2014", look.label);
  } else if (look.series == NetPlotSeries::SnapshotGap) {
    std::snprintf(buf, sizeof buf, "snap %.0f/s \u00b7 gap %.0f ms", sample.snapshots_per_s, v);
  } else if (look.series == NetPlotSeries::BytesIn || look.series == NetPlotSeries::BytesOut) {
    std::snprintf(buf, sizeof buf, "%s %.1f %s", look.label, v / 1024.f, look.unit);
  } else if (look.series == NetPlotSeries::Loss) {
    std::snprintf(buf, sizeof buf, "%s %.1f %s", look.label, v, look.unit);
  } else {
    std::snprintf(buf, sizeof buf, "%s %.0f %s", look.label, v, look.unit);
  }
  return buf;
}

}  // namespace

sf::Vector2f net_graph_size(float s) {
  const int rows = static_cast<int>((kNetPlotSeriesCount + kCols - 1) / kCols);
  return {(kPad + kCols * (kPlotW + kPad)) * s, (kPad + rows * (kTitleH + kPlotH + kPad)) * s};
}

void append_net_graph(VertexBatch& shapes, TextQueue& text, const NetPlotHistory& history,
                      sf::Vector2f origin, float s) {
  const sf::Vector2f size = net_graph_size(s);
  shapes.rounded_rect({origin.x, origin.y, size.x, size.y}, 10.f * s, palette::kHudPanel);
  const unsigned font = static_cast<unsigned>(std::max(9.f, std::round(13.f * s)));
  for (std::size_t k = 0; k < kNetPlotSeriesCount; ++k) {
    const SeriesLook& look = kLooks[k];
    const int col = static_cast<int>(k) % kCols, row = static_cast<int>(k) / kCols;
    const float x = origin.x + (kPad + static_cast<float>(col) * (kPlotW + kPad)) * s;
    const float y = origin.y + (kPad + static_cast<float>(row) * (kTitleH + kPlotH + kPad)) * s;
    const float pw = kPlotW * s, ph = kPlotH * s, top = y + kTitleH * s;
    text.add(history.empty() ? std::string(look.label) + " \u2014"
                             : format_value(look, history.newest()),
             {x, y}, font, look.colour);
    // Plot background and a mid-scale guide line.
    shapes.rect({x, top, pw, ph}, sf::Color(255, 255, 255, 14));
    shapes.rect({x, top + ph / 2.f, pw, std::max(1.f, s)}, sf::Color(255, 255, 255, 22));
    const std::size_t n = history.size();
    if (n < 2) continue;
    const float vmax = std::max(look.floor_max, history.max_of(look.series) * 1.15f);
    const sf::Color fill(look.colour.r, look.colour.g, look.colour.b, 70);
    const float dx = pw / static_cast<float>(NetPlotHistory::kCapacity - 1);
    // Newest at the right edge; older samples scroll left.
    const float x0 = x + pw - dx * static_cast<float>(n - 1);
    auto point = [&](std::size_t i) {
      const float v = std::clamp(series_value(history.at(i), look.series) / vmax, 0.f, 1.f);
      return sf::Vector2f{x0 + dx * static_cast<float>(i), top + ph - v * ph};
    };
    sf::Vector2f prev = point(0);
    for (std::size_t i = 1; i < n; ++i) {
      const sf::Vector2f p = point(i);
      shapes.quad({prev.x, prev.y}, {p.x, p.y}, {p.x, top + ph}, {prev.x, top + ph}, fill);
      shapes.line(prev, p, std::max(1.2f, 1.6f * s), look.colour);
      prev = p;
    }
  }
}

}  // namespace spear::client
