#include "net/viewer_message.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "flatbuffers/flatbuffers.h"
#include "schemas/viewer_generated.h"

namespace spear::net::viewer {
namespace {

namespace fb = spear::viewer;

std::int16_t to_joint(float v) {
  const float q = std::round(v / kJointUnit);
  constexpr float lo = std::numeric_limits<std::int16_t>::min();
  constexpr float hi = std::numeric_limits<std::int16_t>::max();
  return static_cast<std::int16_t>(std::isfinite(q) ? std::clamp(q, lo, hi) : 0.f);
}

std::vector<std::uint8_t> finish(flatbuffers::FlatBufferBuilder& b, fb::Body type,
                                 flatbuffers::Offset<void> body) {
  b.Finish(fb::CreateMessage(b, type, body), fb::MessageIdentifier());
  return {b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize()};
}

std::string text_of(const flatbuffers::String* s) {
  if (!s) return {};
  return std::string(s->string_view().substr(0, kMaxTextBytes));
}

bool finite(double v) { return std::isfinite(v); }

// Runner ids are 16 bits in the game (net::RunnerId): a larger one is not a runner.
bool runner_id(std::uint32_t id) { return id <= std::numeric_limits<RunnerId>::max(); }

std::optional<Message> decode_frame(const fb::Frame& f) {
  Frame out;
  out.tick = f.tick();
  out.course = f.course();
  if (const auto* rs = f.runners()) {
    if (rs->size() > kMaxRunners) return std::nullopt;
    out.runners.reserve(rs->size());
    for (const fb::Runner* r : *rs) {
      const auto* j = r->joints();
      if (!j || j->size() != 2 * rig::kJointCount || !runner_id(r->id())) return std::nullopt;
      if (!finite(r->distance()) || !finite(r->head_r()) || !finite(r->sx()) || !finite(r->sy()))
        return std::nullopt;
      if (static_cast<std::uint8_t>(r->mode()) >= static_cast<std::uint8_t>(RunnerMode::Count))
        return std::nullopt;
      RunnerSnapshot s;
      s.id = static_cast<RunnerId>(r->id());
      s.mode = static_cast<RunnerMode>(r->mode());
      s.flags = r->flags();
      s.score = r->score();
      s.distance = r->distance();
      s.countdown_ticks = r->countdown_ticks();
      for (std::size_t k = 0; k < rig::kJointCount; ++k) {
        s.pose.joints[k] = {
            static_cast<float>(j->Get(static_cast<flatbuffers::uoffset_t>(2 * k))) * kJointUnit,
            static_cast<float>(j->Get(static_cast<flatbuffers::uoffset_t>(2 * k + 1))) *
                kJointUnit};
      }
      s.pose.head_r = r->head_r();
      s.pose.sx = r->sx();
      s.pose.sy = r->sy();
      out.runners.push_back(std::move(s));
    }
  }
  if (const auto* os = f.others()) {
    if (os->size() > kMaxRunners) return std::nullopt;
    for (const fb::Summary* o : *os) {
      if (!finite(o->distance()) || !runner_id(o->id())) return std::nullopt;
      if (static_cast<std::uint8_t>(o->mode()) >= static_cast<std::uint8_t>(RunnerMode::Count))
        return std::nullopt;
      out.others.push_back({static_cast<RunnerId>(o->id()), static_cast<RunnerMode>(o->mode()),
                            o->flags(), o->score(), o->distance(), std::nullopt});
    }
  }
  if (const fb::Race* r = f.race()) {
    if (static_cast<std::uint8_t>(r->phase()) >= static_cast<std::uint8_t>(RacePhase::Count))
      return std::nullopt;
    RaceStatus race;
    race.phase = static_cast<RacePhase>(r->phase());
    race.race = r->number();
    race.ticks_left = r->ticks_left();
    out.race = race;
  }
  if (const auto* os = f.obstacles()) {
    if (os->size() > kMaxObstacles) return std::nullopt;
    for (const fb::Obstacle* o : *os) {
      if (!finite(o->x()) || !finite(o->width()) || !finite(o->height())) return std::nullopt;
      if (o->kind() != fb::ObstacleKind_Hurdle && o->kind() != fb::ObstacleKind_Target)
        return std::nullopt;
      sim::Obstacle ob;
      ob.index = o->index();
      ob.kind = o->kind() == fb::ObstacleKind_Hurdle ? sim::ObstacleKind::Hurdle
                                                     : sim::ObstacleKind::Target;
      ob.x = o->x();
      ob.width = o->width();
      ob.height = o->height();
      out.obstacles.push_back(ob);
    }
  }
  if (const auto* bs = f.broken()) {
    if (bs->size() > kMaxBroken) return std::nullopt;
    for (const fb::Broken* b : *bs) {
      if (!runner_id(b->runner())) return std::nullopt;
      out.broken.push_back({static_cast<RunnerId>(b->runner()), b->obstacle(), b->tick()});
    }
  }
  return out;
}

}  // namespace

std::vector<std::uint8_t> encode(const Hello& hello) {
  flatbuffers::FlatBufferBuilder b(256);
  const auto server = b.CreateString(hello.server.substr(0, kMaxTextBytes));
  const auto status = b.CreateString(hello.status.substr(0, kMaxTextBytes));
  const auto h = fb::CreateHello(b, static_cast<fb::Version>(hello.version), hello.tick_rate,
                                 hello.snapshot_rate, server, hello.connected, status);
  return finish(b, fb::Body_Hello, h.Union());
}

std::vector<std::uint8_t> encode(const Roster& roster) {
  flatbuffers::FlatBufferBuilder b(64 + 48 * roster.names.size());
  std::vector<flatbuffers::Offset<fb::Name>> names;
  names.reserve(roster.names.size());
  for (const RosterEntry& e : roster.names) {
    names.push_back(fb::CreateName(b, e.runner, e.bot, b.CreateString(e.name)));
  }
  const auto r = fb::CreateRoster(b, b.CreateVector(names));
  return finish(b, fb::Body_Roster, r.Union());
}

std::vector<std::uint8_t> encode(const Frame& frame) {
  flatbuffers::FlatBufferBuilder b(256 + 96 * frame.runners.size());
  std::vector<flatbuffers::Offset<fb::Runner>> runners;
  runners.reserve(frame.runners.size());
  std::int16_t joints[2 * rig::kJointCount];
  for (const RunnerSnapshot& r : frame.runners) {
    for (std::size_t k = 0; k < rig::kJointCount; ++k) {
      joints[2 * k] = to_joint(r.pose.joints[k].x);
      joints[2 * k + 1] = to_joint(r.pose.joints[k].y);
    }
    const auto j = b.CreateVector(joints, 2 * rig::kJointCount);
    runners.push_back(fb::CreateRunner(b, r.id, static_cast<fb::Mode>(r.mode), r.flags, r.score,
                                       r.distance, j, r.pose.head_r, r.pose.sx, r.pose.sy,
                                       r.countdown_ticks));
  }
  std::vector<flatbuffers::Offset<fb::Summary>> others;
  others.reserve(frame.others.size());
  for (const RunnerSummary& o : frame.others) {
    others.push_back(
        fb::CreateSummary(b, o.id, static_cast<fb::Mode>(o.mode), o.flags, o.score, o.distance));
  }
  std::vector<flatbuffers::Offset<fb::Obstacle>> obstacles;
  obstacles.reserve(frame.obstacles.size());
  for (const sim::Obstacle& o : frame.obstacles) {
    obstacles.push_back(fb::CreateObstacle(
        b, o.index,
        o.kind == sim::ObstacleKind::Hurdle ? fb::ObstacleKind_Hurdle : fb::ObstacleKind_Target,
        o.x, o.width, o.height));
  }
  std::vector<flatbuffers::Offset<fb::Broken>> broken;
  broken.reserve(frame.broken.size());
  for (const BrokenTarget& t : frame.broken) {
    broken.push_back(fb::CreateBroken(b, t.runner, t.obstacle, t.tick));
  }
  flatbuffers::Offset<fb::Race> race;
  if (frame.race) {
    race = fb::CreateRace(b, static_cast<fb::Phase>(frame.race->phase), frame.race->race,
                          frame.race->ticks_left);
  }
  const auto f =
      fb::CreateFrame(b, frame.tick, b.CreateVector(runners), b.CreateVector(others), race,
                      frame.course, b.CreateVector(obstacles), b.CreateVector(broken));
  return finish(b, fb::Body_Frame, f.Union());
}

std::optional<Message> decode(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 8 || !flatbuffers::BufferHasIdentifier(bytes.data(), fb::MessageIdentifier()))
    return std::nullopt;
  flatbuffers::Verifier verifier(bytes.data(), bytes.size());
  if (!fb::VerifyMessageBuffer(verifier)) return std::nullopt;
  const fb::Message& m = *fb::GetMessage(bytes.data());
  switch (m.body_type()) {
    case fb::Body_Hello: {
      const fb::Hello& h = *m.body_as_Hello();
      Hello out;
      out.version = static_cast<std::uint16_t>(h.version());
      out.tick_rate = h.tick_rate();
      out.snapshot_rate = h.snapshot_rate();
      out.server = text_of(h.server());
      out.connected = h.connected();
      out.status = text_of(h.status());
      return out;
    }
    case fb::Body_Frame:
      return decode_frame(*m.body_as_Frame());
    case fb::Body_Roster: {
      Roster out;
      if (const auto* ns = m.body_as_Roster()->names()) {
        if (ns->size() > kMaxNames) return std::nullopt;
        for (const fb::Name* n : *ns) {
          if (!n->name() || n->name()->size() > kMaxNameBytes || !runner_id(n->id()))
            return std::nullopt;
          out.names.push_back({static_cast<RunnerId>(n->id()), n->bot(), n->name()->str()});
        }
      }
      return out;
    }
    default:
      return std::nullopt;
  }
}

}  // namespace spear::net::viewer
