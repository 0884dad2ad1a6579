// The browser viewer (web/page) draws and interpolates like the SFML client: its TypeScript
// carries copies of the client's figure widths, colours and buffer settings. These tests read
// the page's sources and hold every copy to the C++ value it mirrors, so the two cannot drift.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "core/interpolation_buffer.hpp"
#include "render/figure_renderer.hpp"
#include "render/palette.hpp"
#include "rig/figure_shape.hpp"

namespace spear {
namespace {

std::string page_source(const std::string& file) {
  std::ifstream in(std::string(SPEAR_WEB_PAGE_SOURCE_DIR) + "/src/" + file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// `const kName = 12.5;` and `export const kName = 12.5;`: every numeric constant of a file.
std::map<std::string, double> numbers_of(const std::string& text) {
  std::map<std::string, double> out;
  const std::regex re(R"((?:export\s+)?const\s+(k\w+)\s*=\s*(-?[0-9.]+)\s*;)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
       ++it) {
    out[(*it)[1]] = std::stod((*it)[2]);
  }
  return out;
}

struct Rgba {
  int r, g, b, a;
  friend bool operator==(const Rgba&, const Rgba&) = default;
};

Rgba rgba_of(const std::smatch& m, int first) {
  return {std::stoi(m[first]), std::stoi(m[first + 1]), std::stoi(m[first + 2]),
          m[first + 3].matched ? std::stoi(m[first + 3]) : 255};
}

// `export const kName = c(r, g, b[, a]);`: every colour constant of palette.ts.
std::map<std::string, Rgba> colours_of(const std::string& text) {
  std::map<std::string, Rgba> out;
  const std::regex re(
      R"(const\s+(k\w+)\s*=\s*c\(\s*(\d+),\s*(\d+),\s*(\d+)(?:,\s*(\d+))?\s*\)\s*;)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), re); it != std::sregex_iterator();
       ++it) {
    const std::smatch& m = *it;
    out[m[1]] = rgba_of(m, 2);
  }
  return out;
}

Rgba rgba(const sf::Color& c) { return {c.r, c.g, c.b, c.a}; }

TEST(PageMirror, SourcesAreThere) {
  EXPECT_NE(page_source("figure.ts").find("kLimbRootWidth"), std::string::npos);
  EXPECT_NE(page_source("palette.ts").find("kInk"), std::string::npos);
  EXPECT_NE(page_source("interpolation.ts").find("export const config"), std::string::npos);
}

TEST(PageMirror, FigureShapeIsTheClients) {
  const auto n = numbers_of(page_source("figure.ts"));
  const std::vector<std::pair<std::string, double>> expected = {
      {"kLimbRootWidth", rig::kLimbRootWidth},
      {"kLimbTipWidth", rig::kLimbTipWidth},
      {"kLimbSamplesPerSegment", rig::kLimbSamplesPerSegment},
      {"kTorsoPelvisWidth", rig::kTorsoPelvisWidth},
      {"kTorsoChestWidth", rig::kTorsoChestWidth},
      {"kNeckWidth", rig::kNeckWidth},
      {"kNeckInset", rig::kNeckInset},
      {"kNeckMinLength", rig::kNeckMinLength},
      {"kMinHeadRadius", rig::kMinHeadRadius},
      {"kFarLimbWidthScale", rig::kFarLimbWidthScale},
      {"kHairRootWidth", client::kHairRootWidth},
      {"kHairTipWidth", client::kHairTipWidth},
      {"kHeadOutlineWidth", client::kHeadOutlineWidth},
      {"kShaftWidth", client::kShaftWidth},
      {"kSpearHeadLength", client::kSpearHeadLength},
      {"kSpearHeadWidth", client::kSpearHeadWidth},
  };
  for (const auto& [name, value] : expected) {
    ASSERT_TRUE(n.contains(name)) << name << " is missing from figure.ts";
    EXPECT_NEAR(n.at(name), value, 1e-6) << name;
  }
}

TEST(PageMirror, PaletteIsTheClients) {
  const std::string text = page_source("palette.ts");
  const auto colours = colours_of(text);
  const std::vector<std::pair<std::string, sf::Color>> expected = {
      {"kSkyTop", client::palette::kSkyTop},
      {"kSkyHorizon", client::palette::kSkyHorizon},
      {"kSoilTop", client::palette::kSoilTop},
      {"kSoilBottom", client::palette::kSoilBottom},
      {"kShadow", client::palette::kShadow},
      {"kInk", client::palette::kInk},
      {"kInkFar", client::palette::kInkFar},
      {"kShaft", client::palette::kShaft},
      {"kSpearHead", client::palette::kSpearHead},
      {"kSpearEdge", client::palette::kSpearEdge},
      {"kHeadOutline", client::palette::kHeadOutline},
      {"kHairTie", client::palette::kHairTie},
  };
  for (const auto& [name, colour] : expected) {
    ASSERT_TRUE(colours.contains(name)) << name << " is missing from palette.ts";
    EXPECT_EQ(colours.at(name), rgba(colour)) << name;
  }
  const auto n = numbers_of(text);
  ASSERT_TRUE(n.contains("kFarOpacity"));
  EXPECT_NEAR(n.at("kFarOpacity"), client::palette::kFarOpacity, 1e-6);
  EXPECT_NEAR(n.at("kFarOpacity"), 0.42, 1e-6);  // rig.md §11
  ASSERT_TRUE(n.contains("kRivalOpacity"));
  EXPECT_NEAR(n.at("kRivalOpacity"), client::palette::kRivalOpacity, 1e-6);
  ASSERT_TRUE(n.contains("kRivalNearOpacity"));
  EXPECT_NEAR(n.at("kRivalNearOpacity"), client::palette::kRivalNearOpacity, 1e-6);

  // The rivals' tints, in order: a runner has the same colour in both viewers.
  const auto from = text.find("kRivalTints");
  ASSERT_NE(from, std::string::npos);
  const std::string block = text.substr(from, text.find("];", from) - from);
  const std::regex re(R"(c\(\s*(\d+),\s*(\d+),\s*(\d+)(?:,\s*(\d+))?\s*\))");
  std::vector<Rgba> tints;
  for (auto it = std::sregex_iterator(block.begin(), block.end(), re); it != std::sregex_iterator();
       ++it) {
    const std::smatch& m = *it;
    tints.push_back(rgba_of(m, 1));
  }
  ASSERT_EQ(tints.size(), static_cast<std::size_t>(client::palette::kRivalTintCount));
  for (int i = 0; i < client::palette::kRivalTintCount; ++i) {
    EXPECT_EQ(tints[static_cast<std::size_t>(i)], rgba(client::palette::kRivalTints[i]))
        << "tint " << i;
  }
}

TEST(PageMirror, InterpolationBufferIsTheClients) {
  const std::string text = page_source("interpolation.ts");
  const auto from = text.find("export const config");
  ASSERT_NE(from, std::string::npos);
  const std::string block = text.substr(from, text.find("};", from) - from);
  std::map<std::string, double> got;
  const std::regex re(R"((\w+)\s*:\s*(-?[0-9.]+)\s*,)");
  for (auto it = std::sregex_iterator(block.begin(), block.end(), re); it != std::sregex_iterator();
       ++it) {
    got[(*it)[1]] = std::stod((*it)[2]);
  }
  const client::InterpolationConfig c;
  const std::vector<std::pair<std::string, double>> expected = {
      {"delayIntervals", c.delay_intervals},
      {"lossyDelayIntervals", c.lossy_delay_intervals},
      {"burstDelayIntervals", c.burst_delay_intervals},
      {"jitterMargin", c.jitter_margin},
      {"minDelay", c.min_delay},
      {"maxDelay", c.max_delay},
      {"delaySlew", c.delay_slew},
      {"burstMemory", c.burst_memory},
      {"capacity", static_cast<double>(c.capacity)},
      {"maxGapSeconds", client::kMaxRunnerGapTicks / c.tick_rate},
  };
  for (const auto& [name, value] : expected) {
    ASSERT_TRUE(got.contains(name)) << name << " is missing from interpolation.ts's config";
    EXPECT_NEAR(got.at(name), value, 1e-9) << name;
  }
}

}  // namespace
}  // namespace spear
