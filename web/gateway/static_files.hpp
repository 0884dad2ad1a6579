#pragma once
// The page and its assets, read once from the web root (the page's build output) and served
// from memory: only the files that were there at start, by exact path, so no request can reach
// anything else. (C++17: compiled into the WebSocket part too.)
#include <map>
#include <string>

namespace spear::web {

struct StaticFile {
  std::string content_type;
  std::string body;
};

// path ("/", "/app.js", ...) -> file.
using StaticFiles = std::map<std::string, StaticFile>;

// The regular files directly inside `dir` (no subdirectories, none over 16 MiB, at most 64), by
// "/" + name, with "/" for index.html. Empty with *error when the directory cannot be read or
// has no index.html.
StaticFiles load_static_files(const std::string& dir, std::string* error);

// The Content-Type for a file name, by its extension.
std::string content_type_of(const std::string& name);

}  // namespace spear::web
