// The one table of panels: the layout, the panels= parameter and the View menu read it.
// Adding a panel is its file and one row here (and its id in action.h's Panel).
#pragma once
#include <cstddef>

#include "app/model/host.h"
#include "app/model/state.h"

namespace bloomlab::app {

enum class Column { left, right };

struct PanelInfo {
  Panel id;
  const char* title;  // the View menu's label
  Column column;      // where it goes in the two-column layout
  void (*draw)(AppState&, Host&);
};

// Every panel, in the default order.
const PanelInfo* panel_table(size_t* count);
const PanelInfo& panel_info(Panel id);

}  // namespace bloomlab::app
