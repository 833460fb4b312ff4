#include "panels.h"

#include "app/model/i18n.h"
#include "ui.h"

namespace bloomlab::app {
namespace {

// The step-through and "your own words" travel with the word panel (see app.cpp's layout).
const PanelInfo kPanels[] = {
    {Panel::words, N_("Word"), Column::left, panel_word},
    {Panel::bits, N_("Bit array"), Column::left, panel_bits},
    {Panel::params, N_("Parameters"), Column::right, panel_params},
    {Panel::plots, N_("False positives"), Column::right, panel_plots},
    {Panel::numbers, N_("Numbers"), Column::right, panel_numbers},
    {Panel::check, N_("Check a password"), Column::left, panel_check},
    {Panel::code, N_("Code"), Column::right, panel_code},
    {Panel::speed, N_("Speed"), Column::right, panel_speed},
    {Panel::family, N_("Filter family"), Column::right, panel_family},
};
static_assert(std::size(kPanels) == kPanelCount, "a row for every Panel of action.h");

}  // namespace

const PanelInfo* panel_table(size_t* count) {
  *count = std::size(kPanels);
  return kPanels;
}

const PanelInfo& panel_info(Panel id) {
  for (const PanelInfo& p : kPanels)
    if (p.id == id) return p;
  return kPanels[0];
}

}  // namespace bloomlab::app
