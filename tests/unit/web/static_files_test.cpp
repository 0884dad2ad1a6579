// The page's files as spear-web serves them (web/gateway/static_files): read once from the web
// root, "/" is index.html, content types by extension, and clear errors for a root that cannot
// serve a page.
#include "static_files.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "scratch_files.hpp"

namespace spear::web {
namespace {

namespace fs = std::filesystem;

const test::ScratchDir scratch("spear-web-static");

fs::path fresh_dir(const std::string& name) {
  const fs::path dir = scratch(name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

TEST(StaticFiles, ServesIndexHtmlAsTheRootAndEveryFileByName) {
  const fs::path dir = fresh_dir("page");
  write(dir / "index.html", "<!doctype html><title>Spear Run</title>");
  write(dir / "app.js", "console.log(1);");
  write(dir / "app.css", "body{}");
  write(dir / "app.js.map", "{}");
  const std::string binary("\x89PNG\r\n\x1a\n\0\xff", 10);
  write(dir / "icon.png", binary);
  std::string error;
  const StaticFiles files = load_static_files(dir.string(), &error);
  ASSERT_FALSE(files.empty()) << error;
  ASSERT_TRUE(files.count("/"));
  EXPECT_EQ(files.at("/").body, "<!doctype html><title>Spear Run</title>");
  EXPECT_EQ(files.at("/").content_type, "text/html; charset=utf-8");
  EXPECT_EQ(files.at("/index.html").body, files.at("/").body);
  EXPECT_EQ(files.at("/app.js").body, "console.log(1);");
  EXPECT_EQ(files.at("/app.js").content_type, "text/javascript; charset=utf-8");
  EXPECT_EQ(files.at("/app.css").content_type, "text/css; charset=utf-8");
  EXPECT_EQ(files.at("/app.js.map").content_type, "application/json");
  EXPECT_EQ(files.at("/icon.png").body, binary);
  EXPECT_EQ(files.at("/icon.png").content_type, "image/png");
  EXPECT_EQ(files.size(), 6u);  // the five files and "/"
}

TEST(StaticFiles, OnlyTheFilesDirectlyInTheRootAreServed) {
  const fs::path dir = fresh_dir("nested");
  write(dir / "index.html", "page");
  fs::create_directories(dir / "private");
  write(dir / "private" / "secret.txt", "no");
  std::string error;
  const StaticFiles files = load_static_files(dir.string(), &error);
  ASSERT_FALSE(files.empty()) << error;
  EXPECT_EQ(files.size(), 2u);
  EXPECT_FALSE(files.count("/private"));
  EXPECT_FALSE(files.count("/private/secret.txt"));
  EXPECT_FALSE(files.count("/secret.txt"));
}

TEST(StaticFiles, ARootWithoutIndexHtmlIsAnError) {
  const fs::path dir = fresh_dir("no-index");
  write(dir / "app.js", "x");
  std::string error;
  const StaticFiles files = load_static_files(dir.string(), &error);
  EXPECT_TRUE(files.empty());
  EXPECT_NE(error.find("index.html"), std::string::npos) << error;
  EXPECT_NE(error.find(dir.string()), std::string::npos) << error;

  const fs::path empty = fresh_dir("empty");
  error.clear();
  EXPECT_TRUE(load_static_files(empty.string(), &error).empty());
  EXPECT_NE(error.find("index.html"), std::string::npos) << error;
}

TEST(StaticFiles, AMissingDirectoryIsAClearError) {
  const std::string missing = (scratch("nowhere") / "not-here").string();
  std::string error;
  const StaticFiles files = load_static_files(missing, &error);
  EXPECT_TRUE(files.empty());
  EXPECT_NE(error.find("cannot read the web root"), std::string::npos) << error;
  EXPECT_NE(error.find(missing), std::string::npos) << error;
}

TEST(StaticFiles, AFileIsNotARoot) {
  const fs::path dir = fresh_dir("file-root");
  write(dir / "index.html", "page");
  std::string error;
  EXPECT_TRUE(load_static_files((dir / "index.html").string(), &error).empty());
  EXPECT_FALSE(error.empty());
}

TEST(StaticFiles, TooManyFilesIsAnError) {
  const fs::path dir = fresh_dir("crowded");
  write(dir / "index.html", "page");
  for (int i = 0; i < 70; ++i) write(dir / ("f" + std::to_string(i) + ".js"), "x");
  std::string error;
  EXPECT_TRUE(load_static_files(dir.string(), &error).empty());
  EXPECT_NE(error.find("more than"), std::string::npos) << error;
}

TEST(StaticFiles, ContentTypesByExtension) {
  EXPECT_EQ(content_type_of("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(content_type_of("app.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(content_type_of("app.css"), "text/css; charset=utf-8");
  EXPECT_EQ(content_type_of("app.js.map"), "application/json");
  EXPECT_EQ(content_type_of("stats.json"), "application/json");
  EXPECT_EQ(content_type_of("logo.svg"), "image/svg+xml");
  EXPECT_EQ(content_type_of("icon.png"), "image/png");
  EXPECT_EQ(content_type_of("favicon.ico"), "image/x-icon");
  EXPECT_EQ(content_type_of("font.woff2"), "font/woff2");
  // Anything else is plain bytes (with nosniff, a browser runs none of it).
  EXPECT_EQ(content_type_of("README"), "application/octet-stream");
  EXPECT_EQ(content_type_of("app.js.bak"), "application/octet-stream");
  EXPECT_EQ(content_type_of("html"), "application/octet-stream");
}

}  // namespace
}  // namespace spear::web
