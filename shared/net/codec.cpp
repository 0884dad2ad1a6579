#include "net/codec.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>

#include "net/message_body.hpp"
#include "net/session_crypto.hpp"
#include "schemas/spear_generated.h"

namespace spear::net {
namespace {

namespace fb = flatbuffers;
namespace w = spear::wire;

template <class... T>
struct Overloaded : T... {
  using T::operator()...;
};
template <class... T>
Overloaded(T...) -> Overloaded<T...>;

std::string_view capped(const std::string& s, std::size_t cap) {
  return std::string_view(s).substr(0, cap);
}

fb::Offset<fb::String> make_string(fb::FlatBufferBuilder& b, std::string_view s) {
  return b.CreateString(s.data(), s.size());
}

fb::Offset<w::RaceBoard> make_board(fb::FlatBufferBuilder& b, const BoardPage& page) {
  std::vector<fb::Offset<w::BoardEntry>> entries;
  for (std::size_t i = 0; i < std::min(page.entries.size(), kMaxBoardPageEntries); ++i) {
    const BoardEntry& e = page.entries[i];
    const auto name = make_string(b, capped(e.name, kMaxNameBytes));
    const double dm = std::clamp(e.distance_m * 10.0, 0.0, 4294967295.0);
    entries.push_back(w::CreateBoardEntry(b, e.place, name, e.bot, e.score,
                                          static_cast<std::uint32_t>(dm), e.targets_broken,
                                          e.crashes, e.best_combo));
  }
  const auto ev = b.CreateVector(entries);
  return w::CreateRaceBoard(b, static_cast<std::uint8_t>(page.kind), page.race, page.total,
                            page.first, ev);
}

std::pair<w::Message, fb::Offset<void>> make_body(fb::FlatBufferBuilder& b, const Message& m,
                                                  std::size_t* hello_padding) {
  return std::visit(
      Overloaded{
          [&](const Hello& h) -> std::pair<w::Message, fb::Offset<void>> {
            const std::vector<std::uint8_t> pad(hello_padding ? *hello_padding : 0, 0);
            const auto padding = b.CreateVector(pad);
            const auto key = b.CreateVector(h.client_key.data(), h.client_key.size());
            return {w::Message_Hello,
                    w::CreateHello(b, static_cast<std::uint8_t>(h.role), padding, key).Union()};
          },
          [&](const Challenge& c) -> std::pair<w::Message, fb::Offset<void>> {
            const auto cookie = b.CreateVector(c.cookie.data(), c.cookie.size());
            const auto key = b.CreateVector(c.server_key.data(), c.server_key.size());
            return {w::Message_Challenge, w::CreateChallenge(b, cookie, key).Union()};
          },
          [&](const Response& r) -> std::pair<w::Message, fb::Offset<void>> {
            const auto cookie = b.CreateVector(r.cookie.data(), r.cookie.size());
            const auto key = b.CreateVector(r.client_key.data(), r.client_key.size());
            const auto sealed =
                b.CreateVector(r.sealed.data(), std::min(r.sealed.size(), kMaxResponseSealedBytes));
            return {w::Message_Response, w::CreateResponse(b, cookie, key, sealed).Union()};
          },
          [&](const Welcome& wl) -> std::pair<w::Message, fb::Offset<void>> {
            return {w::Message_Welcome,
                    w::CreateWelcome(b, wl.client_id, wl.session_key, wl.server_tick, wl.tick_rate,
                                     wl.snapshot_rate, wl.course_seed,
                                     static_cast<std::uint8_t>(wl.role), wl.runner_id.has_value(),
                                     wl.runner_id.value_or(0))
                        .Union()};
          },
          [&](const Refusal& r) -> std::pair<w::Message, fb::Offset<void>> {
            const auto text = make_string(b, capped(r.text, kMaxRefusalTextBytes));
            return {w::Message_Refusal,
                    w::CreateRefusal(b, static_cast<std::uint8_t>(r.reason), text).Union()};
          },
          [&](const Input& in) -> std::pair<w::Message, fb::Offset<void>> {
            const auto body = b.CreateVector(write_input_body(in));
            return {w::Message_Input, w::CreateInput(b, body).Union()};
          },
          [&](const SnapshotMessage& s) -> std::pair<w::Message, fb::Offset<void>> {
            const auto body = b.CreateVector(write_snapshot_body(s));
            // Built after the body, so the body stays last in the buffer.
            fb::Offset<w::RaceBoard> board = 0;
            if (s.board) board = make_board(b, *s.board);
            std::vector<fb::Offset<w::RosterEntry>> roster;
            for (std::size_t i = 0; i < std::min(s.roster.size(), kMaxRosterEntries); ++i) {
              const auto name = make_string(b, capped(s.roster[i].name, kMaxNameBytes));
              roster.push_back(w::CreateRosterEntry(b, s.roster[i].runner, s.roster[i].bot, name));
            }
            // An empty roster is left out: an absent field costs nothing on the wire.
            fb::Offset<fb::Vector<fb::Offset<w::RosterEntry>>> rv = 0;
            if (!roster.empty()) rv = b.CreateVector(roster);
            return {w::Message_Snapshot, w::CreateSnapshot(b, s.tick, body, rv, board).Union()};
          },
          [&](const Disconnect& d) -> std::pair<w::Message, fb::Offset<void>> {
            return {w::Message_Disconnect,
                    w::CreateDisconnect(b, static_cast<std::uint8_t>(d.reason)).Union()};
          },
      },
      m);
}

std::vector<std::uint8_t> build(const Packet& p, std::size_t* hello_padding) {
  fb::FlatBufferBuilder b(256);
  const auto [type, body] = make_body(b, p.message, hello_padding);
  const auto root = w::CreatePacket(b, kProtocolVersion, p.sequence, p.key, type, body);
  w::FinishPacketBuffer(b, root);
  std::size_t size = b.GetSize();
  // The body of an Input or a Snapshot is built first, so it lies last in the buffer, followed
  // only by the zeros that aligned it: leave them off.
  const w::Packet* packet = w::GetPacket(b.GetBufferPointer());
  const fb::Vector<std::uint8_t>* tail = nullptr;
  if (const auto* in = packet->message_as_Input()) tail = in->body();
  if (const auto* snap = packet->message_as_Snapshot()) tail = snap->body();
  if (tail)
    size = std::min(size,
                    static_cast<std::size_t>(tail->data() + tail->size() - b.GetBufferPointer()));
  return {b.GetBufferPointer(), b.GetBufferPointer() + size};
}

template <std::size_t N>
bool copy_fixed(const fb::Vector<std::uint8_t>* v, std::array<std::uint8_t, N>& out) {
  if (!v || v->size() != N) return false;
  std::memcpy(out.data(), v->data(), N);
  return true;
}

bool read_string(const fb::String* s, std::size_t cap, std::string& out) {
  if (!s) {
    out.clear();
    return true;
  }
  if (s->size() > cap) return false;
  out.assign(s->c_str(), s->size());
  return true;
}

template <class E>
bool read_enum(std::uint8_t v, E& out) {
  if (v >= static_cast<std::uint8_t>(E::Count)) return false;
  out = static_cast<E>(v);
  return true;
}

bool read_role(std::uint8_t v, Role& out) {
  if (v > 1) return false;
  out = static_cast<Role>(v);
  return true;
}

// A board page whose every field is in range: kind known, race numbered, at most a page of
// entries that lie inside the board's total, places from 1, names of a name's length.
bool read_board(const w::RaceBoard& m, BoardPage& out) {
  if (!read_enum(m.kind(), out.kind)) return false;
  const std::size_t cap = out.kind == BoardKind::Results ? kMaxBoardEntries : kMaxAllTimeEntries;
  if (m.race() == 0 || m.race() > kMaxWireRace || m.total() > cap) return false;
  out.race = m.race();
  out.total = m.total();
  out.first = m.first();
  const auto* entries = m.entries();
  const std::size_t n = entries ? entries->size() : 0;
  if (n > kMaxBoardPageEntries || std::size_t{out.first} + n > out.total) return false;
  out.entries.clear();
  for (std::size_t i = 0; i < n; ++i) {
    const auto* e = entries->Get(static_cast<fb::uoffset_t>(i));
    BoardEntry entry;
    if (e->place() == 0 || !read_string(e->name(), kMaxNameBytes, entry.name)) return false;
    entry.place = e->place();
    entry.bot = e->bot();
    entry.score = e->score();
    entry.distance_m = static_cast<double>(e->distance_dm()) / 10.0;
    entry.targets_broken = e->targets_broken();
    entry.crashes = e->crashes();
    entry.best_combo = e->best_combo();
    out.entries.push_back(std::move(entry));
  }
  return true;
}

DecodeError read_body(const w::Packet& p, Message& out) {
  // The Verifier accepts a union type with no table behind it: check before any message_as_.
  if (p.message() == nullptr) return DecodeError::UnknownMessage;
  switch (p.message_type()) {
    case w::Message_Hello: {
      const auto* m = p.message_as_Hello();
      Hello h;
      if (!read_role(m->role(), h.role) || !copy_fixed(m->client_key(), h.client_key))
        return DecodeError::BadField;
      out = h;
      return DecodeError::None;
    }
    case w::Message_Challenge: {
      const auto* m = p.message_as_Challenge();
      Challenge c;
      if (!copy_fixed(m->cookie(), c.cookie) || !copy_fixed(m->server_key(), c.server_key))
        return DecodeError::BadField;
      out = c;
      return DecodeError::None;
    }
    case w::Message_Response: {
      const auto* m = p.message_as_Response();
      Response r;
      const auto* sealed = m->sealed();
      if (!copy_fixed(m->cookie(), r.cookie) || !copy_fixed(m->client_key(), r.client_key) ||
          !sealed || sealed->size() < kMinResponseSealedBytes ||
          sealed->size() > kMaxResponseSealedBytes)
        return DecodeError::BadField;
      r.sealed.assign(sealed->begin(), sealed->end());
      out = std::move(r);
      return DecodeError::None;
    }
    case w::Message_Welcome: {
      const auto* m = p.message_as_Welcome();
      Welcome wl;
      wl.client_id = m->client_id();
      wl.session_key = m->session_key();
      wl.server_tick = m->server_tick();
      wl.tick_rate = m->tick_rate();
      wl.snapshot_rate = m->snapshot_rate();
      wl.course_seed = m->course_seed();
      if (!read_role(m->role(), wl.role)) return DecodeError::BadField;
      if (m->has_runner()) wl.runner_id = m->runner_id();
      if (wl.tick_rate == 0 || wl.snapshot_rate == 0 || wl.session_key == 0)
        return DecodeError::BadField;
      out = wl;
      return DecodeError::None;
    }
    case w::Message_Refusal: {
      const auto* m = p.message_as_Refusal();
      Refusal r;
      if (!read_enum(m->reason(), r.reason) ||
          !read_string(m->text(), kMaxRefusalTextBytes, r.text))
        return DecodeError::BadField;
      out = std::move(r);
      return DecodeError::None;
    }
    case w::Message_Input: {
      const auto* body = p.message_as_Input()->body();
      Input in;
      if (!body || !read_input_body({body->data(), body->size()}, in)) return DecodeError::BadField;
      out = std::move(in);
      return DecodeError::None;
    }
    case w::Message_Snapshot: {
      const auto* m = p.message_as_Snapshot();
      SnapshotMessage s;
      s.tick = m->tick();
      const auto* body = m->body();
      if (!body || !read_snapshot_body({body->data(), body->size()}, s))
        return DecodeError::BadField;
      if (const auto* roster = m->roster()) {
        if (roster->size() > kMaxRosterEntries) return DecodeError::BadField;
        for (const auto* e : *roster) {
          RosterEntry r;
          r.runner = e->runner();
          r.bot = e->bot();
          if (!read_string(e->name(), kMaxNameBytes, r.name)) return DecodeError::BadField;
          s.roster.push_back(std::move(r));
        }
      }
      if (const auto* board = m->board()) {
        if (!s.race) return DecodeError::BadField;  // boards only come with a race status
        BoardPage page;
        if (!read_board(*board, page)) return DecodeError::BadField;
        s.board = std::move(page);
      }
      out = std::move(s);
      return DecodeError::None;
    }
    case w::Message_Disconnect: {
      Disconnect d;
      if (!read_enum(p.message_as_Disconnect()->reason(), d.reason)) return DecodeError::BadField;
      out = d;
      return DecodeError::None;
    }
    default:
      return DecodeError::UnknownMessage;
  }
}

// Checks size and identifier, then runs the Verifier: the buffer may be read afterwards.
DecodeError verify(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kMinDatagramBytes) return DecodeError::TooShort;
  if (bytes.size() > kMaxDatagramBytes) return DecodeError::TooLarge;
  if (!w::PacketBufferHasIdentifier(bytes.data())) return DecodeError::BadIdentifier;
  fb::Verifier::Options opts;
  opts.max_depth = kVerifierMaxDepth;
  opts.max_tables = kVerifierMaxTables;
  fb::Verifier verifier(bytes.data(), bytes.size(), opts);
  if (!w::VerifyPacketBuffer(verifier)) return DecodeError::VerifyFailed;
  return DecodeError::None;
}

}  // namespace

std::string_view decode_error_name(DecodeError e) {
  switch (e) {
    case DecodeError::None:
      return "none";
    case DecodeError::TooShort:
      return "too_short";
    case DecodeError::TooLarge:
      return "too_large";
    case DecodeError::BadIdentifier:
      return "bad_identifier";
    case DecodeError::VerifyFailed:
      return "verify_failed";
    case DecodeError::WrongVersion:
      return "wrong_version";
    case DecodeError::UnknownMessage:
      return "unknown_message";
    case DecodeError::BadField:
      return "bad_field";
    case DecodeError::Count:
      break;
  }
  return "unknown";
}

std::vector<std::uint8_t> encode_packet(const Packet& packet) {
  if (!std::holds_alternative<Hello>(packet.message)) return build(packet, nullptr);
  // Pad the Hello up to kHelloBytes: measure the unpadded size, then add the difference.
  std::size_t pad = 0;
  auto bytes = build(packet, &pad);
  for (int attempt = 0; attempt < 4 && bytes.size() < kHelloBytes; ++attempt) {
    pad += kHelloBytes - bytes.size();
    bytes = build(packet, &pad);
  }
  return bytes;
}

namespace {
// FlatBuffers reads its scalars in place, so a buffer must sit at an address aligned for the
// widest of them (8). A datagram at an odd place of a caller's buffer (a queue of datagrams, a
// fuzzer's records) is copied into aligned storage first.
struct AlignedDatagram {
  alignas(8) std::array<std::uint8_t, kMaxDatagramBytes> storage;
  std::span<const std::uint8_t> bytes;
  explicit AlignedDatagram(std::span<const std::uint8_t> in) : bytes(in) {
    const bool aligned = reinterpret_cast<std::uintptr_t>(in.data()) % 8 == 0;
    if (aligned || in.size() > storage.size()) return;  // too large: refused before any read
    std::copy(in.begin(), in.end(), storage.begin());
    bytes = {storage.data(), in.size()};
  }
};
}  // namespace

DecodeError decode_packet(std::span<const std::uint8_t> in, Packet& out) {
  const AlignedDatagram aligned(in);
  const std::span<const std::uint8_t> bytes = aligned.bytes;
  if (const DecodeError e = verify(bytes); e != DecodeError::None) return e;
  const w::Packet* p = w::GetPacket(bytes.data());
  if (p->version() != kProtocolVersion) return DecodeError::WrongVersion;
  out.sequence = p->sequence();
  out.key = p->key();
  return read_body(*p, out.message);
}

std::uint16_t peek_protocol_version(std::span<const std::uint8_t> in) {
  const AlignedDatagram aligned(in);
  const std::span<const std::uint8_t> bytes = aligned.bytes;
  if (verify(bytes) != DecodeError::None) return 0;
  return w::GetPacket(bytes.data())->version();
}

int fuzz_decode_packet(const std::uint8_t* data, std::size_t size) {
  Packet p;
  if (decode_packet({data, size}, p) == DecodeError::None) {
    // Re-encoding what decoded must not fail either.
    (void)encode_packet(p);
  }
  (void)peek_protocol_version({data, size});
  return 0;
}

}  // namespace spear::net
