// The level editor's midend (core/editor): the grid of every game's text,
// brushes, strokes, undo, resize, and a bad text that keeps the last level.
#include <string>

#include "core/midend/editor.h"
#include "core/base/params.h"
#include "helpers.h"

using namespace tl;

namespace {

std::unique_ptr<Level> generated(const GameInfo& g, const char* seed) {
  ParamValues p;
  params_default(g, &p);
  GeneratedInfo info;
  Error err;
  std::unique_ptr<Level> level = g.generate(p, seed, &info, &err);
  REQUIRE(level);
  return level;
}

int brush_of(const GameInfo& g, const char* token) {
  for (int i = 0; i < g.palette_count; ++i)
    if (std::string(g.palette[i].token) == token) return i;
  FAIL("no brush " << token << " in " << g.id);
  return -1;
}

// Opens a text that reads in the editor.
void open_reading(Editor* e, const GameInfo& g, const char* text) {
  e->open(g, text, strlen(text));
  INFO(text);
  REQUIRE(e->level() != nullptr);
}

int count(const std::string& s, char c) {
  int n = 0;
  for (char ch : s) n += ch == c;
  return n;
}

}  // namespace

TEST_CASE("editor: every game has a palette, and its text is a grid the size of its board") {
  for (int i = 0; i < game_count(); ++i) {
    const GameInfo& g = game_at(i);
    INFO(g.id);
    REQUIRE(g.palette_count > 1);
    std::unique_ptr<Level> level = generated(g, "editor-grid");
    Text text;
    level->canonical_text(&text);
    CellGrid grid;
    Error err;
    REQUIRE(read_cell_grid(g, text.c_str(), text.size(), &grid, &err));
    GameState s;
    level->initial_state(&s);
    BoardView view;
    level->view(s, &view);
    CHECK(grid.width == view.width);
    CHECK(grid.height == view.height);
    // Written back, the grid reads as the same level.
    Text again;
    write_cell_grid(g, grid, &again);
    std::unique_ptr<Level> back = g.parse(again.c_str(), again.size(), &err);
    REQUIRE(back);
    CHECK(tl_test::canonical(*back) == text.c_str());
    // Each brush of the palette paints, and undo brings the text back exactly.
    Editor e;
    e.open(g, text.c_str(), text.size());
    CHECK(*e.error() == '\0');
    for (int b = 0; b < g.palette_count; ++b) {
      INFO(g.palette[b].token);
      if (e.paint(1, 0, b, false)) {
        CHECK(e.undo());
        CHECK(std::string(e.text().c_str()) == text.c_str());
        CHECK(e.level() != nullptr);
      }
    }
  }
}

TEST_CASE("editor: a stroke is one undo step, and redo replays it") {
  const GameInfo& g = *find_game("lastball");
  const char* start = "@.....\n......\n......\n";
  Editor e;
  e.open(g, start, strlen(start));
  CHECK(std::string(e.error()).find("no white ball") != std::string::npos);
  CHECK(e.level() == nullptr);
  const int white = brush_of(g, "o");
  CHECK(e.paint(2, 1, white, false));
  CHECK(e.paint(3, 1, white, true));
  CHECK_FALSE(e.paint(3, 1, white, true));  // the same brush on the same cell changes nothing
  CHECK(e.paint(4, 1, white, true));
  CHECK(std::string(e.text().c_str()) == "@.....\n..ooo.\n......\n");
  REQUIRE(e.level() != nullptr);
  CHECK(e.undo());
  CHECK(std::string(e.text().c_str()) == start);
  CHECK_FALSE(e.can_undo());
  CHECK(e.redo());
  CHECK(std::string(e.text().c_str()) == "@.....\n..ooo.\n......\n");
  // A new stroke is a new step.
  CHECK(e.paint(0, 2, white, false));
  CHECK(e.undo());
  CHECK(std::string(e.text().c_str()) == "@.....\n..ooo.\n......\n");
}

TEST_CASE("editor: a unique brush moves the piece, it never makes a second one") {
  const GameInfo& g = *find_game("lastball");
  const char* start = "@..o\n....\n";
  Editor e;
  e.open(g, start, strlen(start));
  CHECK(e.paint(2, 1, brush_of(g, "@"), false));
  CHECK(std::string(e.text().c_str()) == "...o\n..@.\n");
  REQUIRE(e.level() != nullptr);

  const GameInfo& golf = *find_game("golf");
  const char* course = "3x1\n0,ball 0 0,flag\n\n1-\n";
  e.open(golf, course, strlen(course));
  REQUIRE(e.level() != nullptr);
  CHECK(e.paint(1, 0, brush_of(golf, ",flag"), false));
  CHECK(std::string(e.level_text().c_str()).find("0,flag") != std::string::npos);
  CellGrid grid;
  Error err;
  REQUIRE(read_cell_grid(golf, e.text().c_str(), e.text().size(), &grid, &err));
  CHECK(std::string(grid.at(1, 0).c_str()) == "0,flag");
  CHECK(std::string(grid.at(2, 0).c_str()) == "0");
  // A height keeps the cell's tile; a tile keeps the cell's height; no ground drops both.
  CHECK(e.paint(1, 0, brush_of(golf, "2"), false));
  REQUIRE(read_cell_grid(golf, e.text().c_str(), e.text().size(), &grid, &err));
  CHECK(std::string(grid.at(1, 0).c_str()) == "2,flag");
  CHECK(e.paint(2, 0, brush_of(golf, "x"), false));
  CHECK(e.paint(2, 0, brush_of(golf, ",sand"), false));
  REQUIRE(read_cell_grid(golf, e.text().c_str(), e.text().size(), &grid, &err));
  CHECK(std::string(grid.at(2, 0).c_str()) == "0,sand");
  // The cards after the board are kept as they were.
  CHECK(std::string(e.text().c_str()).find("\n\n1-\n") != std::string::npos);
}

TEST_CASE("editor: a text that does not read keeps the last level, says why, and marks what differs") {
  const GameInfo& g = *find_game("flow");
  const char* start = "a.b\n...\na.b\n";
  Editor e;
  open_reading(&e, g, start);
  const uint32_t version = e.level_version();
  // One dot of a new line: the text holds it, the level does not yet.
  CHECK(e.paint(1, 1, brush_of(g, "c"), false));
  CHECK(*e.error() != '\0');
  CHECK(e.level_version() == version);
  CHECK(std::string(e.level_text().c_str()) == start);
  CHECK(e.pending(1, 1));
  CHECK_FALSE(e.pending(0, 0));
  // Its partner: the level follows.
  CHECK(e.paint(1, 0, brush_of(g, "c"), false));
  CHECK(*e.error() == '\0');
  CHECK(e.level_version() == version + 1);
  CHECK(std::string(e.level_text().c_str()) == "acb\n.c.\na.b\n");
  CHECK_FALSE(e.pending(1, 1));
  // Typed text that is not a level: the reader's message, the level kept.
  CHECK_FALSE(e.set_text("a.b\n.?\n", 7));
  CHECK(std::string(e.error()).find("line 2") != std::string::npos);
  CHECK(std::string(e.level_text().c_str()) == "acb\n.c.\na.b\n");
  CHECK(std::string(e.text().c_str()) == "a.b\n.?\n");
  // A typed text that reads is the level, as typed.
  CHECK(e.set_text(start, strlen(start)));
  CHECK(std::string(e.level_text().c_str()) == start);
  CHECK(e.undo());
  CHECK(std::string(e.text().c_str()) == "a.b\n.?\n");
}

TEST_CASE("editor: resizing crops and pads with the blank brush, in one undo step") {
  const GameInfo& g = *find_game("penguin");
  const char* start = "P..\n...\n..F\n";
  Editor e;
  e.open(g, start, strlen(start));
  REQUIRE(e.level() != nullptr);
  CHECK(e.resize(5, 4));
  CHECK(std::string(e.text().c_str()) == "P....\n.....\n..F..\n.....\n");
  CHECK(e.width() == 5);
  CHECK(e.height() == 4);
  CHECK(e.resize(2, 2));
  CHECK(std::string(e.text().c_str()) == "P.\n..\n");
  CHECK(std::string(e.error()).find("finish") != std::string::npos);  // the finish was cropped off
  CHECK(e.undo());
  CHECK(e.width() == 5);
  CHECK_FALSE(e.resize(5, 4));  // already that size

  const GameInfo& golf = *find_game("golf");
  const char* course = "2x1\n0,ball 0,flag\n\n1-\n";
  e.open(golf, course, strlen(course));
  CHECK(e.resize(3, 2));
  CellGrid grid;
  Error err;
  REQUIRE(read_cell_grid(golf, e.text().c_str(), e.text().size(), &grid, &err));
  CHECK(grid.width == 3);
  CHECK(grid.height == 2);
  CHECK(std::string(grid.at(2, 1).c_str()) == "0");
  CHECK(e.level() != nullptr);
  CHECK(*e.error() == '\0');
}

TEST_CASE("editor: an edit makes an unsolvable level solvable, and the analysis follows") {
  const GameInfo& g = *find_game("lastball");
  // The white ball sits in the corner: the black ball can never get behind it.
  const char* start = "o...\n....\n...@\n";
  Editor e;
  e.open(g, start, strlen(start));
  REQUIRE(e.level() != nullptr);
  GameState s;
  e.level()->initial_state(&s);
  Analysis before = e.level()->analyze(s, SearchLimits());
  CHECK_FALSE(before.solvable);
  // Move the white ball to where the black one can knock it off.
  CHECK(e.paint(0, 0, brush_of(g, "."), false));
  CHECK(e.paint(1, 2, brush_of(g, "o"), false));
  REQUIRE(e.level() != nullptr);
  e.level()->initial_state(&s);
  Analysis after = e.level()->analyze(s, SearchLimits());
  CHECK(after.solvable);
  CHECK(after.par >= 1);
}

TEST_CASE("editor: texts that are not grids are refused with the line") {
  CellGrid grid;
  Error err;
  const GameInfo& g = *find_game("skiddy");
  CHECK_FALSE(read_cell_grid(g, "###\n##\n", 7, &grid, &err));
  CHECK(std::string(err.message).find("line 2") != std::string::npos);
  CHECK_FALSE(read_cell_grid(g, "", 0, &grid, &err));
  CHECK_FALSE(read_cell_grid(g, "#\r#\n", 4, &grid, &err));  // a control byte is no cell (it would not write back)
  CHECK(std::string(err.message).find("line 1, column 2: byte 0x0d") != std::string::npos);
  const GameInfo& golf = *find_game("golf");
  CHECK_FALSE(read_cell_grid(golf, "3y3\n", 4, &grid, &err));
  CHECK(std::string(err.message).find("size") != std::string::npos);
  CHECK_FALSE(read_cell_grid(golf, "2x2\n0 0\n0\n", 10, &grid, &err));
  CHECK(std::string(err.message).find("line 3") != std::string::npos);
  CHECK_FALSE(read_cell_grid(golf, "2x3\n0 0\n0 0\n", 12, &grid, &err));
  CHECK(std::string(err.message).find("missing") != std::string::npos);
  // The editor holds such a text, and paints nothing on it.
  Editor e;
  e.open(g, "###\n##\n", 7);
  CHECK(e.width() == 0);
  CHECK_FALSE(e.paint(0, 0, 0, false));
  CHECK_FALSE(e.resize(4, 4));
}

TEST_CASE("editor: Flow's blocks and walls lines end the grid and are kept as they are") {
  const GameInfo& g = *find_game("flow");
  const char* start = "a.b\n...\na.b\nblocks: 1,1\nwalls: 0,0/1,0\n";
  Editor e;
  open_reading(&e, g, start);
  CHECK(e.width() == 3);
  CHECK(e.height() == 3);
  CHECK(e.paint(2, 1, brush_of(g, "c"), false));
  CHECK(e.paint(0, 1, brush_of(g, "c"), false));
  CHECK(std::string(e.text().c_str()) == "a.b\nc.c\na.b\nblocks: 1,1\nwalls: 0,0/1,0\n");
  CHECK(*e.error() == '\0');
}

TEST_CASE("editor: Flow's blocks, bridges and walls are painted into their lines after the grid") {
  const GameInfo& g = *find_game("flow");
  const char* start = "a...b\n.....\n.....\na...b\n";
  Editor e;
  open_reading(&e, g, start);
  const auto text = [&] { return std::string(e.text().c_str()); };
  // A block: listed, the cell left blank; a second one joins the line.
  CHECK(e.paint(1, 1, brush_of(g, "blocks"), false));
  CHECK(e.paint(3, 2, brush_of(g, "blocks"), false));
  CHECK(text() == "a...b\n.....\n.....\na...b\nblocks: 1,1 3,2\n");
  // A bridge on a block's cell takes it off the blocks' line; a dot painted
  // on a listed cell takes it off every listing.
  CHECK(e.paint(3, 2, brush_of(g, "bridges"), false));
  CHECK(text() == "a...b\n.....\n.....\na...b\nblocks: 1,1\nbridges: 3,2\n");
  CHECK(*e.error() == '\0');
  CHECK(e.paint(1, 1, brush_of(g, "c"), false));
  CHECK(text() == "a...b\n.c...\n.....\na...b\nbridges: 3,2\n");
  CHECK(e.undo());
  CHECK(text() == "a...b\n.....\n.....\na...b\nblocks: 1,1\nbridges: 3,2\n");
  // Walls: a stroke walls each side it crosses (one undo step); a diagonal
  // step on a square board is no side, and the level keeps reading.
  const int walls = brush_of(g, "walls");
  CHECK_FALSE(e.paint(0, 1, walls, false));
  CHECK(e.paint(0, 2, walls, true));
  CHECK(e.paint(1, 2, walls, true));
  CHECK_FALSE(e.paint(2, 1, walls, true));
  CHECK_FALSE(e.paint(1, 2, walls, true));  // back across a side already walled
  CHECK(text() == "a...b\n.....\n.....\na...b\nblocks: 1,1\nwalls: 0,1/0,2 0,2/1,2\nbridges: 3,2\n");
  CHECK(*e.error() == '\0');
  CHECK(e.undo());
  CHECK(text() == "a...b\n.....\n.....\na...b\nblocks: 1,1\nbridges: 3,2\n");
  CHECK(e.redo());
  // The empty brush clears a cell of everything: its walls too.
  CHECK(e.paint(0, 2, brush_of(g, "."), false));
  CHECK(text() == "a...b\n.....\n.....\na...b\nblocks: 1,1\nbridges: 3,2\n");
  REQUIRE(e.level() != nullptr);
  // On a hex board a slanted step is a side.
  open_reading(&e, g, "a...b\n.....\n.....\na...b\nshape: hex\n");
  CHECK_FALSE(e.paint(1, 1, walls, false));
  CHECK(e.paint(1, 2, walls, true));   // south-west of an odd row's cell
  CHECK_FALSE(e.paint(2, 1, walls, true));  // not side by side with (1, 2) on hexes
  CHECK(text() == "a...b\n.....\n.....\na...b\nshape: hex\nwalls: 1,1/1,2\n");
  // Where rows warp, a stroke off the right edge walls that row's way round
  // (the side between its last cell and its first); the stroke goes on from
  // the first. Without warps the same stroke paints nothing.
  open_reading(&e, g, "a...b\n.....\n.....\na...b\nwarps: rows\n");
  CHECK_FALSE(e.paint(4, 1, walls, false));
  CHECK(e.paint(5, 1, walls, true));
  CHECK(text() == "a...b\n.....\n.....\na...b\nwalls: 4,1/0,1\nwarps: rows\n");
  CHECK(*e.error() == '\0');
  REQUIRE(e.level() != nullptr);
  CHECK(e.paint(1, 1, walls, true));  // on from (0, 1)
  CHECK(text() == "a...b\n.....\n.....\na...b\nwalls: 0,1/1,1 4,1/0,1\nwarps: rows\n");
  CHECK_FALSE(e.paint(-1, 2, walls, false));  // a press off the board
  open_reading(&e, g, start);
  CHECK_FALSE(e.paint(4, 1, walls, false));
  CHECK_FALSE(e.paint(5, 1, walls, true));
  CHECK_FALSE(e.paint(4, -1, walls, true));
  CHECK(text() == start);
}

TEST_CASE("editor: Flow's portals are painted a cell at a time, a pair of cells on their line") {
  const GameInfo& g = *find_game("flow");
  Editor e;
  open_reading(&e, g, "a.b\nb.a\n...\n");
  const auto text = [&] { return std::string(e.text().c_str()); };
  const int portals = brush_of(g, "portals");
  // The first cell starts a pair: the level does not read until its pair is painted.
  CHECK(e.paint(1, 0, portals, false));
  CHECK(text() == "a.b\nb.a\n...\nportals: 1,0\n");
  CHECK(std::string(e.error()).find("a portal is a pair of cells") != std::string::npos);
  CHECK(std::string(e.level_text().c_str()) == "a.b\nb.a\n...\n");  // the last text that read
  CHECK(e.pending(1, 0));  // the half pair is shown where it is
  CHECK(std::string(e.pending_listing(1, 0)) == "portals");
  CHECK_FALSE(e.pending(1, 1));
  CHECK(std::string(e.pending_listing(1, 1)).empty());
  CHECK(e.paint(1, 1, portals, false));
  CHECK(text() == "a.b\nb.a\n...\nportals: 1,0/1,1\n");
  CHECK(*e.error() == '\0');
  CHECK(std::string(e.level_text().c_str()) == text());
  CHECK_FALSE(e.pending(1, 0));
  // A second pair; a dot painted on a portal takes its whole pair away, and
  // so does the empty brush.
  CHECK(e.paint(0, 2, portals, false));
  CHECK(e.paint(2, 2, portals, false));
  CHECK(text() == "a.b\nb.a\n...\nportals: 1,0/1,1 0,2/2,2\n");
  CHECK(e.paint(1, 1, brush_of(g, "c"), false));
  CHECK(text() == "a.b\nbca\n...\nportals: 0,2/2,2\n");
  CHECK(e.paint(2, 2, brush_of(g, "."), false));
  CHECK(text() == "a.b\nbca\n...\n");
  // A portal painted on a dot's cell clears the dot.
  CHECK(e.paint(1, 1, portals, false));
  CHECK(text() == "a.b\nb.a\n...\nportals: 1,1\n");
  CHECK(e.undo());
  CHECK(text() == "a.b\nbca\n...\n");
}

TEST_CASE("editor: Golf Peaks' hand is edited a card at a time, each an undo step, and heights reach 9") {
  const GameInfo& g = *find_game("golf");
  REQUIRE(g.hand_card_count > 0);
  for (const char* h : {"5", "9"}) CHECK(g.palette[brush_of(g, h)].name != nullptr);
  Editor e;
  open_reading(&e, g, "3x1\n0,ball 0 0,flag\n\n1-\n");
  REQUIRE(e.hand().size() == 1);
  CHECK(e.add_card("1/"));
  REQUIRE(e.hand().size() == 2);
  CHECK(std::string(e.hand()[1].c_str()) == "1/");
  CHECK(e.level() != nullptr);
  CHECK(std::string(e.level_text().c_str()).find("1- 1/") != std::string::npos);
  CHECK(e.remove_card(0));
  REQUIRE(e.hand().size() == 1);
  CHECK(std::string(e.hand()[0].c_str()) == "1/");
  CHECK(!e.remove_card(3));
  CHECK(e.undo());
  CHECK(e.hand().size() == 2);
  // A height of 9 painted under the ball: the level reads it.
  CHECK(e.paint(1, 0, brush_of(g, "9"), false));
  CHECK(std::string(e.cell_text(1, 0)) == "9");
  CHECK(e.level() != nullptr);
  // A game with no hand offers none.
  CHECK(find_game("skiddy")->hand_cards == nullptr);
}
